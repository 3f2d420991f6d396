sim allgather-mesh --net star:4 --ts 1 --tm 1
