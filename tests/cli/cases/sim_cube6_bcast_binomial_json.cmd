sim bcast-binomial --net cube:6 --M 10 --format json
