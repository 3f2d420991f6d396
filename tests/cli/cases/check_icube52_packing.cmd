check --net icube:5,2 --kind packing --root 100011
