platform --net graph:tests/cli/data/switch_star.edges --routes bcast
