bounds --net star:5 --M 4 --x 2
