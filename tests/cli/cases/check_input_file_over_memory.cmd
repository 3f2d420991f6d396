sh: truncate -s 200M {tmp}/f.json; TREECAST_MAX_MEMORY=1G treecast check --input {tmp}/f.json
