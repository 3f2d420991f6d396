sim alltoall-tseng --net cube:4 --k 1
