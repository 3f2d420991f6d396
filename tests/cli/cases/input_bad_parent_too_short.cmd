check --input tests/cli/data/bad_parent_short.json
