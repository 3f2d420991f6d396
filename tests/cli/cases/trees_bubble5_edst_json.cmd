trees --net bubble:5 --kind edst --format json --root 21345
