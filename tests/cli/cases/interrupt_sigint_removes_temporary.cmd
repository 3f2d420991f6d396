sh: mkdir {tmp}/d; timeout --preserve-status -s INT 1 treecast check --net star:11 --kind edt --output {tmp}/d/o.txt 2>{tmp}/err; echo "status $?"; ls {tmp}/d; cat {tmp}/err
