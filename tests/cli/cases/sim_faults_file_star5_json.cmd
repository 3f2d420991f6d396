sim bcast --net star:5 --M 2 --faults-file tests/cli/data/faults_star5.txt --format json
