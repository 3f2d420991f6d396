platform --net star:3 --bandwidth 1e999GBps
