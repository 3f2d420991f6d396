trees --net cube:5 --kind ist --root 01020
