bound --net graph:tests/cli/data/switch_path.edges --root s
