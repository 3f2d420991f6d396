trees --net icube:2,1 --kind edst --root 100
