sim bcast --net star:4 --method full
