sim multinode --net star:6 --M 1
