balance --net star:6 --kind sbnt-minr
