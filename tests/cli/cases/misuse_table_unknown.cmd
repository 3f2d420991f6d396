table 003:II
