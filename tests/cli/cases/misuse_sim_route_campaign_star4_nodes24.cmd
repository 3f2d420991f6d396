sh: timeout 20 treecast sim route-campaign --net star:4 --faults nodes:24 --trials 1
