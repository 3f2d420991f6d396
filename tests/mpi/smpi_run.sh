#!/bin/sh
# One SMPI run of a libtreecast_mpi test program on a simulated machine of the network's shape:
# the platform and hostfile from `treecast platform`, then smpirun (SimGrid) with the settings
# docs/mpi.md recommends.  usage: smpi_run.sh TREECAST PROGRAM NET RANKS WORKDIR
set -eu
treecast=$1 program=$2 net=$3 np=$4 dir=$5
mkdir -p "$dir"
tag=$(echo "$net" | tr ':,' '__')
"$treecast" platform --net "$net" --hostfile "$dir/$tag.hosts" --output "$dir/$tag.xml"
exec smpirun -no-privatize --cfg=smpi/barrier:ompi_tree --cfg=smpi/reduce:binomial \
    --cfg=smpi/host-speed:1Gf --log=root.thres:warning \
    -platform "$dir/$tag.xml" -hostfile "$dir/$tag.hosts" -np "$np" "$program" "$net"
