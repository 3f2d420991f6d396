sh: echo old > {tmp}/n.txt && treecast necklaces --net star:3 --output {tmp}/n.txt && cat {tmp}/n.txt && ls -A {tmp}
