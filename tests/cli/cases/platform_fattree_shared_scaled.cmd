platform --net graph:tests/cli/data/fattree_small.edges --bandwidth 12.5Gbps --links shared
