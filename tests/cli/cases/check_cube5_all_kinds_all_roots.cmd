sh: for k in binomial sbnt-minr sbnt-maxl sbnt-minbl sbnt-maxbr sbg nedst nedst-pivoted ist ist-hdls; do treecast check --net cube:5 --kind $k --all-roots | head -1; done
