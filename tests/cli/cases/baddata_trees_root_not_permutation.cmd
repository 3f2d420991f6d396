trees --net star:4 --kind edt --root 4421
