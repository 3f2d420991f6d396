check --net star:7 --kind edt --format json
