sim route-bcast --net star:4 --trials 3
