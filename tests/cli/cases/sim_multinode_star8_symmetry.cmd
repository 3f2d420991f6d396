sim multinode --net star:8 --M 1
