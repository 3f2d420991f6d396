sim route-campaign --net star:4 --trials 1
