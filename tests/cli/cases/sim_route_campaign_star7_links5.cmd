sim route-campaign --net star:7 --faults links:5 --trials 1000 --seed 1
