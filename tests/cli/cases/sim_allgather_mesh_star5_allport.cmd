sim allgather-mesh --net star:5 --ports all --ts 100 --tm 1
