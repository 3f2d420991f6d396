platform --net star:3 --hostfile -
