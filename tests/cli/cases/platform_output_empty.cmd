sh: cd {tmp} && treecast platform --net star:3 --output ''; s=$?; ls -A; exit $s
