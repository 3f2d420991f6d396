sh: treecast trees --net star:6 --kind edt --root random --seed 9 --format json | python3 scripts/verify_forest.py - --expect-depth 10
