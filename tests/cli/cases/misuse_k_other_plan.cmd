sim bcast --net star:5 --k 2
