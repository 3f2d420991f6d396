sh: treecast trees --net fcube:5 --kind edst --format json --labels | python3 scripts/verify_forest.py - --no-independence
