sim bcast --net star:4 --fault arcs:1234:2
