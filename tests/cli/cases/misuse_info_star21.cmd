info --net star:21
