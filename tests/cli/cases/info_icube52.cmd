info --net icube:5,2
