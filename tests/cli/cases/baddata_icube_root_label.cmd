trees --net icube:5,2 --kind edst --root 0101x1
