sim bcast --net star:10
