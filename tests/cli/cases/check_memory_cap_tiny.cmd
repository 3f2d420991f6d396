sh: TREECAST_MAX_MEMORY=1K treecast check --net star:5 --kind edt >/dev/null
