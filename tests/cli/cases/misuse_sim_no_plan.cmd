sim --net star:5
