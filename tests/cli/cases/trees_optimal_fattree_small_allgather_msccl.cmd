trees --net graph:tests/cli/data/fattree_small.edges --kind optimal --coll allgather --format msccl
