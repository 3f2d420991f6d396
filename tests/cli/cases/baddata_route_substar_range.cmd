route --net star:5 --from 12345 --substar '***71'
