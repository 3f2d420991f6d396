sim bcast --net star:4 --trace -
