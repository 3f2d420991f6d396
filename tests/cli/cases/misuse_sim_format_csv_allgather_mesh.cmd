sim allgather-mesh --net star:4 --format csv
