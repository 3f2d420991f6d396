platform --net cube:1 --links shared
