info --net graph:tests/cli/data/graph_label_hash.json
