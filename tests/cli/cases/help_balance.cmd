balance --help
