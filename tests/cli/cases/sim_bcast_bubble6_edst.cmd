sim bcast --net bubble:6 --kind edst --M 10
