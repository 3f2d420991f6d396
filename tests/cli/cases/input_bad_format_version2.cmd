check --input tests/cli/data/bad_format_version.json
