sim alltoall-tseng --net star:8 --k 2 --method full
