sim bcast-hp --net icube:5,0 --M 4
