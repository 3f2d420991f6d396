sh: TREECAST_MAX_MEMORY=1G treecast route --net star:12 --from 1,2,3,4,5,6,7,8,9,10,11,12 --to 2,1,3,4,5,6,7,8,9,10,11,12 --method dfs
