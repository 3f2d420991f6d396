check --input tests/cli/data/petersen_mine.json
