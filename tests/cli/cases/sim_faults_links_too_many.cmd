sim bcast --net star:5 --faults links:480
