check --net star:4 --kind edt --root 0,1,2,3
