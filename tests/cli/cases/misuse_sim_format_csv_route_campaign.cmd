sim route-campaign --net star:4 --format csv
