info --net star:20
