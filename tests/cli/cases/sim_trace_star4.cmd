sh: treecast sim bcast --net star:4 --M 4 --trace {tmp}/t.html 2>/dev/null && grep -c "\"hops\":\[" {tmp}/t.html
