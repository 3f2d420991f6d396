sh: treecast bounds --net star:1 --output {tmp}/x; s=$?; cd {tmp} && find . | sort; exit $s
