sim ft-bcast --net star:6 --M 3 --x 5 --faults paths:5 --trials 20 --seed 2
