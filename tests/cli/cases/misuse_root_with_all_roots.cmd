check --net star:4 --kind edt --root 1234 --all-roots
