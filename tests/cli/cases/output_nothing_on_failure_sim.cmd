sh: treecast sim route --net star:4 --to 9999 --output {tmp}/x; s=$?; cd {tmp} && find . | sort; exit $s
