sh: treecast sim bcast --net star:4 --trace {tmp}/missing/t.html --output {tmp}/result.txt; s=$?; cd {tmp} && find . | sort; exit $s
