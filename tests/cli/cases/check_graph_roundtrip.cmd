sh: treecast trees --net graph:tests/cli/data/petersen.edges --kind bfs --root 7 --format json | treecast check --input -
