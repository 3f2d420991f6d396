check --input tests/cli/data/s4_edt.json --net star:5
