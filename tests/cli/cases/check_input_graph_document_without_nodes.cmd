sh: treecast check --input tests/fuzz/corpus/forest/graph_without_nodes.json --net graph:tests/cli/data/petersen.edges >/dev/null; echo "status $?"
