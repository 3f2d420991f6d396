sh: TREECAST_MAX_MEMORY=1K treecast check --input tests/cli/data/s4_edt.json >/dev/null
