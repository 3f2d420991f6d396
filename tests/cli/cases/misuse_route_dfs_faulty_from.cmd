route --net star:5 --from 12345 --to 21345 --fault node:12345
