check --net star:6 --kind edt --roots 5 --seed 2
