bounds --M 4
