trees --net icube:4,2 --kind ist
