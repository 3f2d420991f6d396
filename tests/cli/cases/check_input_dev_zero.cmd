sh: timeout 10 treecast check --input /dev/zero
