sh: sed "s/\"root\":\"1234\"/\"root\":\"\\\\u001b[31m12\"/" tests/cli/data/s4_edt.json > {tmp}/f.json; treecast check --input {tmp}/f.json
