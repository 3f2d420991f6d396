reproduce --quick --quiet --paper 004 --out {tmp}/r --expect /dev/zero
