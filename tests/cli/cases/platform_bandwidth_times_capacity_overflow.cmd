platform --net graph:tests/cli/data/switch_star.edges --bandwidth 1e308GBps
