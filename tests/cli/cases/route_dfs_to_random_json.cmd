route --net star:5 --from 12345 --to random --method dfs --seed 3 --format json
