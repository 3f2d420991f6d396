trees --help
