route --net star:5 --from random --to 12345 --seed 7
