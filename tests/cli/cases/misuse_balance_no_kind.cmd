balance --net cube:6
