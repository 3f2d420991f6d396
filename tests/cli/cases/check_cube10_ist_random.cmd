check --net cube:10 --kind ist --root random --seed 3
