sim allgather-mesh --net cube:3
