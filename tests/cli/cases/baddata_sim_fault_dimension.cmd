sim bcast --net star:5 --fault link:12345:9
