sim ft-bcast --net star:6 --M 7 --x 2 --root random --seed 4 --format json
