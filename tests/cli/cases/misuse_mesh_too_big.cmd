sim allgather-mesh --net star:8
