sim bcast-hp --net icube:5,3 --M 64
