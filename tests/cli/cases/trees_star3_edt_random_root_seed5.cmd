trees --net star:3 --kind edt --root random --seed 5
