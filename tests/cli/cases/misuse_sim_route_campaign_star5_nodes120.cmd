sh: timeout 20 treecast sim route-campaign --net star:5 --faults nodes:120 --trials 1
