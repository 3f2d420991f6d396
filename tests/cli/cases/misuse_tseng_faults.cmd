sim alltoall-tseng --net star:5 --k 2 --faults nodes:1
