info --net fattree:4
