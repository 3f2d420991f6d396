info --net polarfly:7
