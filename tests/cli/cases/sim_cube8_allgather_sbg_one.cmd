sim allgather-sbg --net cube:8 --M 2 --ports one --ts 1 --tm 1
