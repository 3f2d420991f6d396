route --net star:4 --from identity --to 4321
