trees --net torus:5,3 --kind optimal --coll allgather --format msccl
