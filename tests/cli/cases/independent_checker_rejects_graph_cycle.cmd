sh: python3 scripts/verify_forest.py tests/cli/data/petersen_edst_cycle.json
