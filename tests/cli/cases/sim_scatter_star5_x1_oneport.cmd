sim scatter --net star:5 --M 1 --x 1 --ports one
