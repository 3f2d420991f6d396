trees --net cube:3 --kind edst --format msccl
