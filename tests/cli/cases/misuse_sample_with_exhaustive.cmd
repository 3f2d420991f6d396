check --net star:4 --kind edt --sample 5 --exhaustive
