platform --net star:3 --latency 1ks
