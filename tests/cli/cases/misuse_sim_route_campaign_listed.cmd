sim route-campaign --net star:5 --fault node:12345
