platform --net star:3 --speed 2
