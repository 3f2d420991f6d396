sh: sed "s/{\"index\":3,/{\"index\":1099511627776,/" tests/cli/data/s4_edt.json > {tmp}/f.json; treecast check --input {tmp}/f.json
