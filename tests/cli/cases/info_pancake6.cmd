info --net pancake:6
