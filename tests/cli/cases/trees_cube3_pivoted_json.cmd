trees --net cube:3 --kind nedst-pivoted --root 101 --format json
