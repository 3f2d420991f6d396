sim multinode --net star:5 --M 2 --acks round
