sh: python3 scripts/verify_forest.py tests/cli/data/t25_edst_not_neighbour.json
