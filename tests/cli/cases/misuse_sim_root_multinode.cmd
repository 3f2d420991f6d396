sim multinode --net star:5 --root 21345
