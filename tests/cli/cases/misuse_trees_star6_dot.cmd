trees --net star:6 --kind edt --format dot
