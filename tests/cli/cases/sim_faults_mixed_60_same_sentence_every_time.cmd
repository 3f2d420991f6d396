sh: for i in 1 2 3 4 5 6 7 8 9 10; do treecast sim route-campaign --net star:4 --faults mixed:60 --threads 2 2>&1; done | sort | uniq -c
