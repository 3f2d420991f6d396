check --net star:6 --kind edt --root random --seed 3
