info --net hyperx:2,4,2
