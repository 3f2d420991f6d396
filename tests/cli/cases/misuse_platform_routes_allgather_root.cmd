platform --net fattree:4 --routes allgather --root h1
