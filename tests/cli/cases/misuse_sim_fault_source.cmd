sim bcast --net star:5 --fault node:12345
