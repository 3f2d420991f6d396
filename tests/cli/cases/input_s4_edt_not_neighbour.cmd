check --input tests/cli/data/s4_edt_not_neighbour.json
