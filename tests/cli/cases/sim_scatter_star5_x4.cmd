sim scatter --net star:5 --M 1
