trees --net star:6 --kind edt
