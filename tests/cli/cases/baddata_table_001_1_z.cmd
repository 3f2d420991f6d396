table 001:1 --z 3341
