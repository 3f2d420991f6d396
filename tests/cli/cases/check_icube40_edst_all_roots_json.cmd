check --net icube:4,0 --kind edst --all-roots --format json
