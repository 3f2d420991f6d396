info --net fcube:6
