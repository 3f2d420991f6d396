info --net star:1
