sh: treecast route --net star:4 --from 1234 --to 9999 --output {tmp}/x; s=$?; cd {tmp} && find . | sort; exit $s
