sh: treecast trees --net torus:2,11 --kind bfs --root random --seed 5 --format json --labels | python3 scripts/verify_forest.py - --expect-depth 10
