balance --net cube:6 --kind sbnt-minr --from 2 --to 4
