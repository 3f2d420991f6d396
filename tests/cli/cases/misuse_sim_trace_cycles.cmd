sim scatter-sbnt --net cube:4 --trace {tmp}/t.html
