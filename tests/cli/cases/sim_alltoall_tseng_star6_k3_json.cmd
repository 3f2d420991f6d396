sim alltoall-tseng --net star:6 --k 3 --ts 1 --tm 1 --format json
