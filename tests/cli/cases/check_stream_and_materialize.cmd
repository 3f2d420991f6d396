check --net star:5 --kind edt --stream --materialize
