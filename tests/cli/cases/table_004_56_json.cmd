table 004:5.6 --format json --from 2 --to 5
