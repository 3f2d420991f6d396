sim scatter-sbnt --net cube:6 --M 1 --faults nodes:1
