sim gossip --help
