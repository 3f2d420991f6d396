check --input tests/cli/data/petersen_broken.json --net graph:tests/cli/data/petersen.edges --properties spanning,disjoint
