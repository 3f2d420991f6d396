reproduce --quick --quiet --paper 004 --out {tmp}/r --expect tests/cli/data/s4_edt.json
