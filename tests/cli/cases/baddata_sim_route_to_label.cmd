sim route --net star:5 --to 99999
