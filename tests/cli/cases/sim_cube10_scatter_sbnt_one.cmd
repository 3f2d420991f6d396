sim scatter-sbnt --net cube:10 --M 1 --ports one --ts 0 --tm 1
