balance --kind sbnt-minr --from 2 --to 16
