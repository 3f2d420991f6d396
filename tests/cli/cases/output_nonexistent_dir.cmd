sh: treecast trees --net star:4 --kind edt --format json --output {tmp}/missing/x.json; s=$?; cd {tmp} && find . | sort; exit $s
