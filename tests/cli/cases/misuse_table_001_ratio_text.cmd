table 001:eti --ts-tm x
