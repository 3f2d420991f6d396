check --net icube:7,0 --kind edst --all-roots
