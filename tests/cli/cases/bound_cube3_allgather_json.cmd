bound --net cube:3 --coll allgather --format json
