trees --net cube:4 --kind nedst --format table
