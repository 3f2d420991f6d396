sim bcast --net star:5 --faults-file tests/cli/data
