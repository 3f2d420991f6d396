trees --net torus:2,5 --kind bfs --root 2,5
