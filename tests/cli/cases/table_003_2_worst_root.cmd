table 003:II --from 5 --to 5
