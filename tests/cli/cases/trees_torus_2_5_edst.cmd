trees --net torus:2,5 --kind edst --root 2,3
