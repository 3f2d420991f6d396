sh: treecast platform --net graph:tests/cli/data/switch_star.edges --links shared --hostfile {tmp}/h --output {tmp}/p.xml; s=$?; cd {tmp} && find . | sort; exit $s
