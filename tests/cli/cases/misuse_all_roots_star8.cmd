check --net star:8 --kind edt --all-roots
