info --net graph:tests/cli/data/no_such.edges
