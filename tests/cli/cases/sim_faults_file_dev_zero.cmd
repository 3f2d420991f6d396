sh: timeout 10 treecast sim bcast --net star:5 --faults-file /dev/zero
