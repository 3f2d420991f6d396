check --net
