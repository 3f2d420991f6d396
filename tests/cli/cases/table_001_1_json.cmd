table 001:1 --format json
