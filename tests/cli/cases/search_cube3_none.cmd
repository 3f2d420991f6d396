search --net cube:3 --trees 3 --max-height 3
