sim bcast-compare --net cube:3
