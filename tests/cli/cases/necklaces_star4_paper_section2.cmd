necklaces --net star:4
