table 004:5.7
