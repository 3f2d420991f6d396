sh: sed "s/\"n\":4,/\"n\":4,\"n\":4,/" tests/cli/data/s4_edt.json > {tmp}/f.json; treecast check --input {tmp}/f.json
