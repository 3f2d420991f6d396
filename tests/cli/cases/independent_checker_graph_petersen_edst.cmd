sh: treecast trees --net graph:tests/cli/data/petersen.edges --kind edst --format json --labels | python3 scripts/verify_forest.py - --expect-depth 4
