sim bcast-nedst --net cube:8 --M 64
