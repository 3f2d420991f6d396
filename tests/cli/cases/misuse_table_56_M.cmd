table 004:5.6 --M 5
