trees --net star:13 --kind edt
