trees --net cube:2 --kind optimal --format json
