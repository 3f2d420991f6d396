sim ft-bcast --net star:5 --M 4 --x 2 --fault node:21345 --fault arc:12345:3
