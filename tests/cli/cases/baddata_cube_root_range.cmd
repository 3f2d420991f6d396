check --net cube:5 --kind ist --root 32
