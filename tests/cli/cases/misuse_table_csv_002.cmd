table 002:2 --format csv
