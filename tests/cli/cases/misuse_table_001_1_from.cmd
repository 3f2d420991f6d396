table 001:1 --from 4
