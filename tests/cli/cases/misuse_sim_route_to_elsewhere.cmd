sim bcast --net star:4 --to 2134
