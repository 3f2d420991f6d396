table 002:2 --from 6 --to 6 --format json
