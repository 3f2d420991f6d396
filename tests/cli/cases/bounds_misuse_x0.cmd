bounds --net star:7 --x 0
