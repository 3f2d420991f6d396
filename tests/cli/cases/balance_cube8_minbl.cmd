balance --net cube:8 --kind sbnt-minbl
