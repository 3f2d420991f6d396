sim alltoall-tseng --net star:4 --k 2 --M 3
