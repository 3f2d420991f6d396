info --net dragonfly:4,2,2
