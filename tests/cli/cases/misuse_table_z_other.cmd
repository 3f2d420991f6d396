table 001:2 --z 3241
