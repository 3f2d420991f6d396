search --net cube:4 --trees 5
