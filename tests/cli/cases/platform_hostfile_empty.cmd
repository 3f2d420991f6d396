sh: cd {tmp} && treecast platform --net star:3 --hostfile '' --output p.xml; s=$?; ls -A; exit $s
