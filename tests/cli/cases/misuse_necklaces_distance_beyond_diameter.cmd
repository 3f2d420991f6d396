necklaces --net star:4 --distance 9
