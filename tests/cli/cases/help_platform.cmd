platform --help
