route --net star:4 --from 1234 --substar '**33'
