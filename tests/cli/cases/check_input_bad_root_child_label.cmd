sh: sed "s/\"root_child\":\"3214\"/\"root_child\":\"3x14\"/" tests/cli/data/s4_edt.json > {tmp}/f.json; treecast check --input {tmp}/f.json
