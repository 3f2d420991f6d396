sim total-exchange --net star:5 --M 1
