route --net star:3 --from 123 --to 213 --method dfs
