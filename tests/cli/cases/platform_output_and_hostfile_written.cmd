sh: treecast platform --net star:3 --hostfile {tmp}/h --output {tmp}/p.xml && cat {tmp}/h; s=$?; cd {tmp} && find . | sort; exit $s
