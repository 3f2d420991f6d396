sh: sed "s/{\"index\":4,/{\"index\":4,\"root\":\"12\",/" tests/cli/data/s4_edt.json > {tmp}/f.json; treecast check --input {tmp}/f.json
