sim alltoall --net cube:8 --M 1 --ts 1 --tm 1
