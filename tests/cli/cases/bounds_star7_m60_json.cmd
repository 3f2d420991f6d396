bounds --net star:7 --M 60 --format json
