sim route-bcast --net star:5 --kind spt
