sim alltoall --net icube:4,2 --M 1
