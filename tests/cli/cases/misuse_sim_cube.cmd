sim bcast --net cube:4
