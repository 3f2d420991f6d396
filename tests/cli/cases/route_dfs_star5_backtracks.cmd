route --net star:5 --from 12345 --to 21345 --fault link:12345:2 --fault link:32145:2
