sh: { printf '#'; yes x | tr -d '\n' | head -c 70000; printf '\nnode 2134\n'; } > {tmp}/f.txt; treecast sim bcast --net star:4 --faults-file {tmp}/f.txt
