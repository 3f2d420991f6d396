info --net torus:10,12
