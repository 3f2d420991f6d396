check --net star:4 --kind xyz
