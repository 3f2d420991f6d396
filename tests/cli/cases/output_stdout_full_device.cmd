sh: treecast necklaces --net star:4 > /dev/full
