sim bcast --net graph:tests/cli/data/petersen.edges --kind edst --M 9
