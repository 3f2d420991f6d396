route --net star:4 --from 1234 --to 1243 --substar '**12'
