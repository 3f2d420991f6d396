platform --net cube:2 --links shared --bandwidth 10Gbps --latency 500ns
