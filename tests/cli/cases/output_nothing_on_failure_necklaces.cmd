sh: treecast necklaces --net star:4 --distance 99 --output {tmp}/x; s=$?; cd {tmp} && find . | sort; exit $s
