sh: timeout --preserve-status -s INT 1 treecast reproduce --out {tmp}/r 2>{tmp}/err; echo "status $?"; ls {tmp}; grep -v "^paper" {tmp}/err
