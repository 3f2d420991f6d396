info --net fattree:5
