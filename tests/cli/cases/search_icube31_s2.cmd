search --net icube:3,1 --root 0100
