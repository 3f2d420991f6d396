table 001:compare --from 4 --to 5
