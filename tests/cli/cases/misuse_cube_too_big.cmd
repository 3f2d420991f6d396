trees --net cube:33 --kind ist
