sh: treecast sim route-campaign --net cube:3 --output {tmp}/x; s=$?; cd {tmp} && find . | sort; exit $s
