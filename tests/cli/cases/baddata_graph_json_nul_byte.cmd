sh: printf '{"edges": [[0, 1], [1, 2]]}\n\000' > {tmp}/g.json; treecast info --net graph:{tmp}/g.json
