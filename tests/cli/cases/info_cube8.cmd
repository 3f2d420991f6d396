info --net cube:8
