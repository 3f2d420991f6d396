platform --net star:3 --links half
