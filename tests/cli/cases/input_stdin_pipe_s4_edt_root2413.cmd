sh: treecast trees --net star:4 --kind edt --root 2413 --format json | treecast check --input -
