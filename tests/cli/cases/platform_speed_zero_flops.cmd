platform --net star:3 --speed 0.0Gf
