info --net graph:tests/cli/data/petersen.edges
