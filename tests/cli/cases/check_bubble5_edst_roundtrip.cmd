sh: treecast trees --net bubble:5 --kind edst --format json --root 21345 | treecast check --input - --properties spanning,disjoint
