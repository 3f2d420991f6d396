trees --kind edt
