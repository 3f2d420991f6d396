bound --net graph:tests/cli/data/two_triangles.edges --coll allgather
