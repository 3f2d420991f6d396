trees --net star:4 --kind edt --bogus
