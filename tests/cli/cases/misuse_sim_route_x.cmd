sim route --net star:4 --to 2134 --x 2
