sh: python3 scripts/verify_forest.py tests/cli/data/fq5_edst_shared_edge.json
