table --help
