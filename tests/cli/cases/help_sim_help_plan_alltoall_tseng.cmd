sim --help alltoall-tseng
