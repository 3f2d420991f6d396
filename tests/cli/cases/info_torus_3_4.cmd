info --net torus:3,4
