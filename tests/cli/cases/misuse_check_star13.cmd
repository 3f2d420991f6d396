check --net star:13 --kind edt --compare spg
