trees --net cube:4 --kind ist --tree 2
