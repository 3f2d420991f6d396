check --input tests/cli/data/petersen_mine.json --net graph:tests/cli/data/k4.edges
