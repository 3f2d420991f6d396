table 002:2 --from 3 --to 6 --M 2 --ts 1 --tc 0.5
