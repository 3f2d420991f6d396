sim route-campaign --net star:4 --M 3
