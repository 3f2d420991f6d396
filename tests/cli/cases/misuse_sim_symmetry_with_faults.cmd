sim multinode --net star:8 --faults nodes:1
