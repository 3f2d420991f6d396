sh: treecast check --input - </dev/null
