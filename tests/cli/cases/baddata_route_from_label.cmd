route --net star:4 --from 123 --to 1234
