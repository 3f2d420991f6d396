table 001:2 --format json --from 9 --to 9
