sim allgather-mesh --net star:6 --format json
