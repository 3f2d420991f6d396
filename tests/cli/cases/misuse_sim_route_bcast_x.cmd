sim route-bcast --net star:5 --x 2
