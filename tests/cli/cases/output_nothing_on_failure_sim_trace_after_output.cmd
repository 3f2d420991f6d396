sh: treecast sim bcast --net star:4 --trace {tmp}/t.html --output {tmp}/missing/x; s=$?; cd {tmp} && find . | sort; exit $s
