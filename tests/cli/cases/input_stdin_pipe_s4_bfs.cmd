sh: treecast trees --net star:4 --kind bfs --format json | treecast check --input -
