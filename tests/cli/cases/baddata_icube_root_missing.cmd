check --net icube:3,1 --kind edst --root 1100
