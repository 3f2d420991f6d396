sim ft-bcast --input tests/cli/data/two_triangles_cut.json --net graph:tests/cli/data/two_triangles.edges
