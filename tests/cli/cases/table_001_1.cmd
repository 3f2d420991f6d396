table 001:1
