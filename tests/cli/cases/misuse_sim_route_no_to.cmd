sim route --net star:5
