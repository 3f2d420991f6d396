sim alltoall-tseng --net star:6 --k 2 --method symmetry --ts 1 --tm 1
