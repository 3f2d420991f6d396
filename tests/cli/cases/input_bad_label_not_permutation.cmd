check --input tests/cli/data/bad_label_not_perm.json
