trees --net cube:5 --kind ist --root 01000 --tree 4 --format table
