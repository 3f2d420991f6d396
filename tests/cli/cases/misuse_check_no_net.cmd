check --kind edt
