trees --net star:4 --kind edt --threads 0
