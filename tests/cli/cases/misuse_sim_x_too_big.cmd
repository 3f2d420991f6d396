sim ft-bcast --net star:7 --x 7
