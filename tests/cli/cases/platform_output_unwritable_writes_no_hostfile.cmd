sh: treecast platform --net star:4 --hostfile {tmp}/h --output {tmp}/missing/p.xml; s=$?; cd {tmp} && find . | sort; exit $s
