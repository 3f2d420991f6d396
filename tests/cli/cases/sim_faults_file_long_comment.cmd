sh: treecast sim bcast --net star:4 --faults-file tests/cli/data/faults_long_comment.txt --format json | python3 -c 'import json, sys; print(json.load(sys.stdin)["faults"])'
