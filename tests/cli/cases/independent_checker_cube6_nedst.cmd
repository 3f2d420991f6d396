sh: treecast trees --net cube:6 --kind nedst --root 101101 --format json --labels | python3 scripts/verify_forest.py - --expect-depth 7
