table 002:2 --trials 3
