check --input tests/cli/data/df422_bfs_non_edge.json
