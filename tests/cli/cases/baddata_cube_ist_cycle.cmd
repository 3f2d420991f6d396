check --input tests/cli/data/q4_ist_cycle.json
