trees --net star:1 --kind edt
