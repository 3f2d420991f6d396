check --input tests/cli/data/s4_edt_shared_edge.json
