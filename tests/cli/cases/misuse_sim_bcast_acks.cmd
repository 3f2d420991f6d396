sim bcast --net star:4 --acks round
