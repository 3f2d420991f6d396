sh: treecast trees --net star:7 --kind edt --root 3517246 --format json --output {tmp}/f.json && python3 scripts/verify_forest.py {tmp}/f.json --expect-depth 11
