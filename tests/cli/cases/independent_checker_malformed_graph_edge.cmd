sh: python3 scripts/verify_forest.py tests/cli/data/petersen_bad_edge_id.json 2>&1; echo "exit status $?"
