sim alltoall-tseng --net star:5 --k 2 --ts 100 --tm 1
