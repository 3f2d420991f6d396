sh: yes '0 1' | head -c 30000000 > {tmp}/g.edges; TREECAST_MAX_MEMORY=100M treecast info --net graph:{tmp}/g.edges
