sim bcast --net star:7 --M 60
