sim total-exchange --net star:6 --M 1 --method symmetry
