table 003:II --from 3 --to 4 --M 64 --ts 2 --tc 1
