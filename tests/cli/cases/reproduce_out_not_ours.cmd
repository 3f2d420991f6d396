sh: touch {tmp}/keep.txt && treecast reproduce --paper 002 --quick --out {tmp}; s=$?; ls {tmp}; exit $s
