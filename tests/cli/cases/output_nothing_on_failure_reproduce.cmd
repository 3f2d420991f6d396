sh: treecast reproduce --quick --quiet --paper 999 --out {tmp}/r; s=$?; cd {tmp} && find . | sort; exit $s
