sh: python3 scripts/verify_forest.py tests/cli/data/t23_edst_shuffled.json --expect-depth 3
