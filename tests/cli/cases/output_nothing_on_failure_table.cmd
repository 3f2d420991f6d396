sh: treecast table 001:1 --from 99 --output {tmp}/x; s=$?; cd {tmp} && find . | sort; exit $s
