check --net bubble:6 --kind edst
