platform --net fattree:4 --root h1
