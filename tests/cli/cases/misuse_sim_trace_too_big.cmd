sim bcast --net star:6 --trace {tmp}/t.html
