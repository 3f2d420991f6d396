sh: treecast check --net star:4 --kind edt --root 9999 --output {tmp}/x; s=$?; cd {tmp} && find . | sort; exit $s
