sim bcast --net cube:4 --M 4
