necklaces --help
