info --net star:19
