sh: treecast trees --net icube:5,2 --kind edst --format json --labels | python3 scripts/verify_forest.py - --expect-depth 6
