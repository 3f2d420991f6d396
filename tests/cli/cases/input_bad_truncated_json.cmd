check --input tests/cli/data/bad_truncated.json
