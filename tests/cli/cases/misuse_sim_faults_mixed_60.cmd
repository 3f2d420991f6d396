sim route-campaign --net star:4 --faults mixed:60
