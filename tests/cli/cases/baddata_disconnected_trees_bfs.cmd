trees --net graph:tests/cli/data/two_triangles.edges --kind bfs
