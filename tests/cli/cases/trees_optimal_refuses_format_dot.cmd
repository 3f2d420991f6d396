trees --net cube:3 --kind optimal --format dot
