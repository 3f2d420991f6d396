check --net star:4 --kind ist
