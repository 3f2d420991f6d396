trees --net star:3 --kind edt --format json
