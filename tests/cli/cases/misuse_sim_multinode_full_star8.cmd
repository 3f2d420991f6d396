sim multinode --net star:8 --method full
