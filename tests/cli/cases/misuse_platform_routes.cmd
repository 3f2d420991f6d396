platform --net fattree:4 --routes ring
