sh: cd {tmp} && treecast route --net star:4 --from 1234 --to 3214 --output ''; s=$?; ls -A; exit $s
