info --net graph:tests/cli/data/graph_negative_nodes.json
