platform --net star:3 --bandwidth 1.2.3GBps
