reproduce --quick --quiet --paper 004 --out {tmp}/r --expect tests/cli/data/expect_nul_last_line.tsv
