sim ft-bcast --net star:5 --faults cosmic:3
