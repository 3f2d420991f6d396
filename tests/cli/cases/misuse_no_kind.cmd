trees --net star:4
