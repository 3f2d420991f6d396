route --net star:5 --from 35142 --to 12345 --method dfs
