sim bcast-nedst --net star:5 --M 4
