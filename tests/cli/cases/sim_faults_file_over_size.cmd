sh: truncate -s 70M {tmp}/f.txt; treecast sim bcast --net star:4 --faults-file {tmp}/f.txt
