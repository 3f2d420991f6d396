sh: treecast sim multinode --net star:5 --M 2 --method symmetry --acks round | grep transmissions
