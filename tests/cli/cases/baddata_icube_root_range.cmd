trees --net icube:5,2 --kind edst --root 36
