sh: treecast search --net icube:4,2 --root 01000 --forest {tmp}/f.json --format json && treecast check --input {tmp}/f.json --properties spanning,disjoint | tail -1
