table 001:2
