sh: ln -s /proc/self/fd/1 {tmp}/out; treecast trees --net star:3 --kind edt --format edges --output {tmp}/out > {tmp}/o.txt; test -L {tmp}/out && echo "link kept"; wc -l < {tmp}/o.txt; ls {tmp}
