sh: mkdir {tmp}/adir && treecast trees --net star:4 --kind edt --format json --output {tmp}/adir; s=$?; cd {tmp} && find . | sort; exit $s
