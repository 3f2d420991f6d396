check --input tests/cli/data/s4_edt.json --root 1234
