trees --net cube:3 --kind edt
