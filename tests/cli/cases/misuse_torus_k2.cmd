info --net torus:4,2
