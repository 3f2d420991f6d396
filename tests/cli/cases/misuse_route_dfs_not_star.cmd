route --net cube:4 --from 0000 --to 1111 --method dfs
