sim route-bcast --net star:5 --faults nodes:12 --trials 20 --format json
