check --net cube:8 --kind sbnt-minr --compare sbnt-minbl --format json
