table 001:3 --format csv
