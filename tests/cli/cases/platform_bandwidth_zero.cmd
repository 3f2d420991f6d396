platform --net star:3 --bandwidth 0GBps
