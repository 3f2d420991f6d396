info --net graph:tests/cli/data
