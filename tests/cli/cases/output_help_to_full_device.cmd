sh: treecast check --help > /dev/full
