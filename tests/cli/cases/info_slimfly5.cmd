info --net slimfly:5
