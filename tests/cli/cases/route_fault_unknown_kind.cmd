route --net star:4 --from 1234 --to 3214 --fault wibble:1
