sim allgather-mesh --net star:4 --method symmetry
