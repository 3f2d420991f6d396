info --net graph:tests/cli/data/graph_three_fields.edges
