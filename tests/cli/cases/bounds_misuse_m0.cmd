bounds --net star:7 --M 0
