trees --net star:4 --kind
