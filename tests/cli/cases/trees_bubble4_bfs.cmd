trees --net bubble:4 --kind bfs
