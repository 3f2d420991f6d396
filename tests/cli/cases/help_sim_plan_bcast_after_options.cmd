sim bcast --net star:4 --M 3 --help
