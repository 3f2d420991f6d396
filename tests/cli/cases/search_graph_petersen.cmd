search --net graph:tests/cli/data/petersen.edges --trees 3
