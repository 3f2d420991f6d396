check --input tests/cli/data/two_k5_edst_one_tree.json
