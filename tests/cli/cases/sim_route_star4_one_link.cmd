sim route --net star:4 --to 2134
