sim allgather-mesh --net star:5 --k 2
