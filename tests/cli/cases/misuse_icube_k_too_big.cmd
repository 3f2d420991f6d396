check --net icube:6,6 --kind edst
