table 004:5.6
