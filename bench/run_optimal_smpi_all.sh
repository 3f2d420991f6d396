#!/bin/sh
# The tables of docs/performance.md, "Optimal schedules in SMPI (issue 28)": bench/run_optimal_smpi.sh
# on the networks of issue 28, bcast and allgather, 1 MiB and 16 MiB.
# usage: bench/run_optimal_smpi_all.sh BUILD [NETS]   (environment as run_optimal_smpi.sh)
set -eu
build=$1
nets=${2:-"leafspine:2,2,8,2 fattree:8 dragonfly:4,2,2 torus:2,8 slimfly:5 star:5 cube:7"}
here=$(dirname "$0")
for net in $nets; do
    for coll in bcast allgather; do
        for bytes in 1048576 16777216; do
            sh "$here/run_optimal_smpi.sh" "$build" "$net" "$coll" "$bytes" || true
        done
    done
done
