sh: TREECAST_MAX_MEMORY=1000 treecast check --input tests/cli/data/s4_edt.json
