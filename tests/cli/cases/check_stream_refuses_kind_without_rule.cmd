check --net torus:2,4 --kind bfs --stream
