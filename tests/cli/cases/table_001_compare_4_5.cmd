table 001:compare --to 5
