sh: cd {tmp} && treecast trees --net cube:6 --kind nedst-pivoted --root 45 --format json --output f.json && treecast check --input f.json
