sim bcast-edst --net icube:6,3 --M 64 --root 1000000
