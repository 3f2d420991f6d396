bounds --help
