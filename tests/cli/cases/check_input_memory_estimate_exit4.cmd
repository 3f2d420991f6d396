sh: yes ' ' | head -c 20000000 | TREECAST_MAX_MEMORY=100M treecast check --input -
