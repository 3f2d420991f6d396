table 003:II --to 8
