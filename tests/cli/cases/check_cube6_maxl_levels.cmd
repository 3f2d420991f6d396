check --net cube:6 --kind sbnt-maxl --root 101101
