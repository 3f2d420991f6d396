check --net icube:6,3 --kind edst --all-roots
