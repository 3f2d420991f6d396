platform --net star:3
