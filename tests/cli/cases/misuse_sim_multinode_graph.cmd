sim multinode --net graph:tests/cli/data/petersen.edges --kind edst --M 2
