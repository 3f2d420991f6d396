necklaces --net icube:4,2
