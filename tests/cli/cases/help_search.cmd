search --help
