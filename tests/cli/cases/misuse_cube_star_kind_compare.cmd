check --net cube:4 --kind ist --compare edt
