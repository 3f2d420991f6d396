check --input tests/cli/data/graph_forest_negative_nodes.json
