necklaces --net star:3 --format json
