check --net star:4 --kind edt --root 1,2,3,4,5
