sh: timeout 10 treecast route --net star:5 --from 12345 --to 21345 --faults-file /dev/zero
