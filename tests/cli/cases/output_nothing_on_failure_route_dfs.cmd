sh: treecast route --net star:4 --from 1234 --to 3214 --fault node:1234 --output {tmp}/x; s=$?; cd {tmp} && find . | sort; exit $s
