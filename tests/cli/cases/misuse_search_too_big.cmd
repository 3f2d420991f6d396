search --net star:7
