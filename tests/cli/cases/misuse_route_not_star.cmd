route --net cube:4 --from 1234 --to 1243
