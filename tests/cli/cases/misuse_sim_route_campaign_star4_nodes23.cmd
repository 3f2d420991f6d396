sim route-campaign --net star:4 --faults nodes:23 --trials 1
