route --net star:4 --from 1234 --to 2134 --fault link:2134:2 --fault link:2134:3 --fault link:2134:4
