sim bcast --net star:5 --M 8 --ts 10 --tm 0.5 --B 64 --half-duplex
