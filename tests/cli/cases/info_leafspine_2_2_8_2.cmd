info --net leafspine:2,2,8,2
