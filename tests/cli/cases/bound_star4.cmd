bound --net star:4
