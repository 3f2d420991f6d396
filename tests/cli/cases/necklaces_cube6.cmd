necklaces --net cube:6
