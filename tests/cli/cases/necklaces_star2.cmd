necklaces --net star:2
