check --net star:4 --kind edt --root 12345
