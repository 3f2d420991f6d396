sh: treecast reproduce --paper 003 --quiet --out {tmp}/r && grep -P "EDST (B_opt|T at that B)\t" {tmp}/r/verdicts.tsv | grep -v "\tmatches\t" | sed "s|^003/table2/||"
