trees --net star:3 --kind bfs --format edges
