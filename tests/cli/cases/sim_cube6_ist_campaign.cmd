sim ist-bcast --net cube:6 --M 1 --faults arcs:40 --trials 200 --seed 3
