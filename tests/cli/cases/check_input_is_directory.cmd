check --input tests/cli/data
