sim bcast --net star:5 --faults nodes:480
