sh: printf x > {tmp}/f && treecast reproduce --quick --paper 002 --out {tmp}/f; s=$?; cat {tmp}/f; echo; exit $s
