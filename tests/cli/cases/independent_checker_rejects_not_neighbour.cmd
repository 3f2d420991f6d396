sh: python3 scripts/verify_forest.py tests/cli/data/s4_edt_not_neighbour.json
