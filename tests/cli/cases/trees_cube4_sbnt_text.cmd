trees --net cube:4 --kind sbnt-minr --root 1010
