info --net slimfly:9
