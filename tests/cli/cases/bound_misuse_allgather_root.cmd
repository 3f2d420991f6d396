bound --net cube:3 --coll allgather --root 000
