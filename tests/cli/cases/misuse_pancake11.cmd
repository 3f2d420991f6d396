info --net pancake:11
