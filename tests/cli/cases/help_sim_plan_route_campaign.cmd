sim route-campaign --help
