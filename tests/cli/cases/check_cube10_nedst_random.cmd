check --net cube:10 --kind nedst --root random --seed 3
