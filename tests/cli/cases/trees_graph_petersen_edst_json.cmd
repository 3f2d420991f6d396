trees --net graph:tests/cli/data/petersen.edges --kind edst --format json
