check --input tests/cli/data/s4_edt.json --stream
