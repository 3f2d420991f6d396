route --net star:5 --from 12345 --to 12354 --fault link:12345:4 --fault link:12345:5
