sh: treecast help check | head -1; treecast help sim | head -1
