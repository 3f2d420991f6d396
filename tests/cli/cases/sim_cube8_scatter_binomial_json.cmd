sim scatter-binomial --net cube:8 --M 2 --format json
