sh: treecast trees --net cube:6 --kind edst --format json --labels | python3 scripts/verify_forest.py - --no-independence
