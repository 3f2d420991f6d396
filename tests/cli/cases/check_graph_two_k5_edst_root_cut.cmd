check --net graph:tests/cli/data/two_k5_bridged.edges --kind edst
