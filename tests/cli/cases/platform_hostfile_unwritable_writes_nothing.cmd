sh: treecast platform --net star:4 --hostfile /nonexistent/h --output {tmp}/p.xml; s=$?; cd {tmp} && find . | sort; exit $s
