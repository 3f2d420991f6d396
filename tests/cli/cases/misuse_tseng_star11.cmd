sim alltoall-tseng --net star:11 --k 4
