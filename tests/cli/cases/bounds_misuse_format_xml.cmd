bounds --net star:4 --format xml
