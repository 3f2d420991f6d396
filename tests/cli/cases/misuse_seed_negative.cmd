check --net star:4 --kind edt --seed -1
