table 004:5.7 --format json --trials 300 --seed 9 --to 6
