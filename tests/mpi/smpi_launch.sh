#!/bin/sh
# A launcher of any MPI program under SMPI, for scripts that take a launch command (e.g.
# mpi_check_test.sh): the platform and hostfile of NET from `treecast platform`, then smpirun with
# the settings docs/mpi.md recommends.  usage: smpi_launch.sh TREECAST NET RANKS WORKDIR PROGRAM ARGS...
set -eu
treecast=$1 net=$2 np=$3 dir=$4
shift 4
mkdir -p "$dir"
tag=launch_$(echo "$net" | tr ':,' '__')
"$treecast" platform --net "$net" --hostfile "$dir/$tag.hosts" --output "$dir/$tag.xml"
exec smpirun -no-privatize --cfg=smpi/barrier:ompi_tree --cfg=smpi/reduce:binomial \
    --cfg=smpi/host-speed:1Gf --cfg=smpi/simulate-computation:no --log=root.thres:critical \
    -platform "$dir/$tag.xml" -hostfile "$dir/$tag.hosts" -np "$np" "$@"
