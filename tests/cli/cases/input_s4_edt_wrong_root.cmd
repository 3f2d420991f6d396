check --input tests/cli/data/s4_edt_wrong_root.json
