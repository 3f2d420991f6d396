sh: treecast sim alltoall-tseng --net star:4 --k 2 --format json --timing | python3 -c "import json, sys; d = json.load(sys.stdin); print(sorted(k for k in ('seconds', 'peak_kib') if k in d))"
