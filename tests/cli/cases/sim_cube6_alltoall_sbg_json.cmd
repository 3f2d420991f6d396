sim alltoall-sbg --net cube:6 --M 3 --format json
