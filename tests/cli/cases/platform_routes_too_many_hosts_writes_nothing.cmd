sh: treecast platform --net cube:13 --routes allgather --hostfile {tmp}/h --output {tmp}/p.xml; s=$?; cd {tmp} && find . | sort; exit $s
