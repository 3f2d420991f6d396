sh: cd {tmp} && treecast reproduce --quick --quiet --paper 004 --out ""; s=$?; ls -A; exit $s
