check --input tests/cli/data/bad_trailing_text.json
