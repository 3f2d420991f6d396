check --net star:4 --kind edt --sample 0
