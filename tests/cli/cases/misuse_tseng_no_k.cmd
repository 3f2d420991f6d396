sim alltoall-tseng --net star:5
