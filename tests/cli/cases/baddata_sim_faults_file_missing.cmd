sim bcast --net star:5 --faults-file tests/cli/data/no_such_file.txt
