sim ft-bcast --net star:5 --trials 10
