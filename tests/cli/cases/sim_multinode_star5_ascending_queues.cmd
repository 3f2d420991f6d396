sim multinode --net star:5 --M 1 --order ascending
