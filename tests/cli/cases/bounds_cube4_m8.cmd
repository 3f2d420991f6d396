bounds --net cube:4 --M 8
