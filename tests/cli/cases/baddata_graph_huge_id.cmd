info --net graph:tests/cli/data/graph_huge_id.json
