sim ft-bcast --net star:7 --M 60 --x 6 --faults nodes:5 --trials 40 --seed 1
