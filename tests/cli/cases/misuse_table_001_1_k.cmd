table 001:1 --k 4
