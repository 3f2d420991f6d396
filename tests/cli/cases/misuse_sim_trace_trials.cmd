sim ft-bcast --net star:4 --faults nodes:1 --trials 3 --trace {tmp}/t.html
