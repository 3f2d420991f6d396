sim gossip --net star:5
