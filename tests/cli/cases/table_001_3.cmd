table 001:3
