info --net polarfly:43
