info --net star:5
