trees --net star:4 --kind edt --root 4,3,2,1 --format edges
