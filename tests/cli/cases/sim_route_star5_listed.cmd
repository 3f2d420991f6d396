sim route --net star:5 --to 21345 --fault link:12345:2 --M 3
