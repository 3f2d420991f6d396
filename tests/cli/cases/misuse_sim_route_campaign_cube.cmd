sim route-campaign --net cube:4 --trials 3
