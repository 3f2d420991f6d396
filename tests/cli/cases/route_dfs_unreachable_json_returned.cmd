route --net star:3 --from 123 --to 213 --fault node:321 --fault arc:123:2 --format json
