sim alltoall-tseng --net star:4 --k 2 --trace {tmp}/t.html
