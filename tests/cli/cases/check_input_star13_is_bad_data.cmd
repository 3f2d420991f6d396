sh: sed "s/\"n\":4,\"nodes\":24/\"n\":13,\"nodes\":6227020800/" tests/cli/data/s4_edt.json > {tmp}/f.json; treecast check --input {tmp}/f.json
