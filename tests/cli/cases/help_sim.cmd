sim --help
