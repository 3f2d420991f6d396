platform --net star:3 --bandwidth fast
