balance --kind sbnt-minr --from 9 --to 4
