check --net pancake:5 --kind edst --root 53421
