info --net star:5 --format json
