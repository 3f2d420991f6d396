sim bcast-compare --net star:5 --faults links:3 --trials 50 --seed 1
