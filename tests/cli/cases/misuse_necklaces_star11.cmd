necklaces --net star:11
