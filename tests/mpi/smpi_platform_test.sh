#!/bin/sh
# Whether `treecast platform` gives SMPI the network's routers and capacities: the platform and
# hostfile of a graph file, then timed transfers (test_smpi_platform) whose simulated times must
# match the bottleneck bandwidths (capacity c = c x 1GBps). SMPI's corrections of the network
# model are turned off (bandwidth and latency factors 1, no cross-traffic of the acknowledgements)
# so that a transfer of B bytes takes B / bottleneck plus the latencies; with them SMPI takes
# 6% longer for 10 MB (bw-factor 0.94) and a reverse flow slows a split-duplex link by 5%.
#   usage: smpi_platform_test.sh TREECAST PROGRAM WORKDIR GRAPH LINKS RANKS BYTES PHASE...
set -eu
treecast=$1 program=$2 dir=$3 graph=$4 links=$5 np=$6
shift 6
mkdir -p "$dir"
tag=$(basename "$graph" .edges)_$links
"$treecast" platform --net "graph:$graph" --links "$links" --hostfile "$dir/$tag.hosts" \
    --output "$dir/$tag.xml"
hosts=$(wc -l < "$dir/$tag.hosts")
if [ "$hosts" -ne "$np" ]; then
    echo "smpi_platform_test.sh: $dir/$tag.hosts has $hosts hosts, not $np" >&2
    exit 1
fi
exec smpirun -no-privatize --cfg=smpi/simulate-computation:no --cfg=smpi/bw-factor:0:1 \
    --cfg=smpi/lat-factor:0:1 --cfg=network/crosstraffic:0 --log=root.thres:warning \
    -platform "$dir/$tag.xml" -hostfile "$dir/$tag.hosts" -np "$np" "$program" "$@"
