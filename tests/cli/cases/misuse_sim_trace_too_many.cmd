sim total-exchange --net star:5 --M 2 --trace {tmp}/t.html
