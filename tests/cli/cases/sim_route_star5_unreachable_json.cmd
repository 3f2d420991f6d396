sim route --net star:5 --to 21345 --fault node:21345 --format json
