sim bcast --net torus:2,6 --kind edst --M 20
