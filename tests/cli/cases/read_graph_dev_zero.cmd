sh: timeout 10 treecast info --net graph:/dev/zero
