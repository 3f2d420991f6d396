sim bcast --net star:5 --root 12245
