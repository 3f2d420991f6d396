table 001:eti --ts-tm 100
