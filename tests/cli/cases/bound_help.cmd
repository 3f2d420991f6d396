bound --help
