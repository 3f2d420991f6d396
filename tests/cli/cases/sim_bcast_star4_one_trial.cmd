sim bcast --net star:4 --faults nodes:1 --trials 1
