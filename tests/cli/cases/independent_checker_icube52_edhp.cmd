sh: treecast trees --net icube:5,2 --kind edhp --root random --seed 3 --format json --labels | python3 scripts/verify_forest.py - --expect-depth 35
