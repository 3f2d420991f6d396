table 001:eti --to 13
