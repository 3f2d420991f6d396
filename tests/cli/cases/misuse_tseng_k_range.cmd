sim alltoall-tseng --net star:5 --k 5
