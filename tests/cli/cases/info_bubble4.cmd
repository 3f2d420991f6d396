info --net bubble:4
