sh: treecast reproduce --paper 002 --quick --out {tmp}/r --expect {tmp}/missing.tsv; s=$?; ls {tmp}; exit $s
