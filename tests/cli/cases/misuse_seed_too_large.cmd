check --net star:4 --kind edt --seed 18446744073709551616
