sh: python3 scripts/verify_forest.py tests/cli/data/df422_bfs_non_edge.json
