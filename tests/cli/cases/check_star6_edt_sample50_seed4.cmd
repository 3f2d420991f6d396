check --net star:6 --kind edt --sample 50 --seed 4 --properties independence,rotation
