table 001:eti --ts-tm 0.1 --format json
