route --net star:6 --from random --to random --seed 11
