sh: cd {tmp} && printf 'node 4321\nwibble 1234 2\n' > f && treecast route --net star:4 --from 1234 --to 3214 --faults-file f
