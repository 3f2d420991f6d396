check --net star:4 --kind edt --roots 1000000
