sim scatter-sbg --net cube:6 --M 4 --ts 0 --tm 1
