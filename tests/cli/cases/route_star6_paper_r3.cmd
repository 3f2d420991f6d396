route --net star:6 --from 123456 --substar '****63'
