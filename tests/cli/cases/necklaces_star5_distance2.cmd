necklaces --net star:5 --distance 2
