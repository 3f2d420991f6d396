sh: treecast trees --net cube:16 --kind binomial --format json --no-labels | python3 scripts/verify_forest.py - 2>&1; echo "exit status $?"
