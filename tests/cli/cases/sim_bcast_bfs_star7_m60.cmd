sim bcast-bfs --net star:7 --M 60
