sim bcast-compare --net star:5 --fault node:21345 --fault link:12345:3 --M 2
