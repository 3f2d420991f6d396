sh: treecast search --net cube:3 --trees 2 --forest /nonexistent/f --output {tmp}/x; s=$?; cd {tmp} && find . | sort; exit $s
