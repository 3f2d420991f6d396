bounds --net cube:4 --x 5
