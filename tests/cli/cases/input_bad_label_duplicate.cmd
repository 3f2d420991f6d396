check --input tests/cli/data/bad_label_duplicate.json
