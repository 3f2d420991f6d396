balance --net cube:6 --kind sbnt-maxl --format json
