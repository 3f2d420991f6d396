sh: TREECAST_MAX_MEMORY=1K treecast route --net star:5 --from 12345 --to 21345 --method dfs >/dev/null
