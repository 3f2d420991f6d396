table 001:1 --z 35142 --k 3
