search --net graph:tests/cli/data/two_triangles.edges
