sim bcast --net star:5 --fault node:21345 --faults nodes:2
