reproduce --paper 005
