check --input tests/cli/data/no_such_file.json
