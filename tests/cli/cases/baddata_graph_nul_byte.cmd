sh: printf '0 1\n1 2\n2 0\000x\n' > {tmp}/g.edges; treecast info --net graph:{tmp}/g.edges
