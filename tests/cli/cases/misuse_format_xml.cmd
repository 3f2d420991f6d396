trees --net star:4 --kind edt --format xml
