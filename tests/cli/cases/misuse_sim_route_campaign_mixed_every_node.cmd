sh: timeout 20 treecast sim route-campaign --net star:3 --faults mixed:6 --trials 5000 --seed 1 --threads 2
