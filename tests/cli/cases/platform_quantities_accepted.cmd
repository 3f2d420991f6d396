sh: treecast platform --net cube:1 --bandwidth 100MiBps --latency 0s --speed 2.5e3kiloflops | grep -o 'bandwidth="[^"]*" latency="[^"]*"\|speed="[^"]*"' | sort -u
