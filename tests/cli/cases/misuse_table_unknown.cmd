table 002:3
