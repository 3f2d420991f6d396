sim bcast --net star:4 --timing --format csv
