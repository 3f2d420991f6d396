check --net fcube:7 --kind edst
