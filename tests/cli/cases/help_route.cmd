route --help
