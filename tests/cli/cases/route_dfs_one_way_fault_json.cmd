route --net star:4 --from 1234 --to 3214 --fault arc:3214:3 --format json
