check --input tests/cli/data/bad_parent_out_of_range.json
