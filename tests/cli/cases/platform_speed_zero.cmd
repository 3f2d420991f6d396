platform --net star:3 --speed 0f
