sim route-campaign --net star:4 --faults nodes:22 --trials 3
