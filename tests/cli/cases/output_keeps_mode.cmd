sh: printf old > {tmp}/f; chmod 640 {tmp}/f; treecast trees --net star:3 --kind edt --format json --output {tmp}/f; stat -c %a {tmp}/f; head -c 42 {tmp}/f; echo; ls {tmp}
