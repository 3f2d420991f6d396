sim route-campaign --net star:5 --to 21345
