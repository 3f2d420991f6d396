bounds --net cube:41
