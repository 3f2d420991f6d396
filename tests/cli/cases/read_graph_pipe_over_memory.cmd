sh: yes '0 1' | head -c 30000000 | TREECAST_MAX_MEMORY=100M treecast info --net graph:/dev/stdin
