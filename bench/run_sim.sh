#!/usr/bin/env bash
# Benchmark of the round engine: packet-hops per second on the paper's collectives, the full
# S_7 total exchange (time and peak memory), the same case by the symmetry method, and the
# done-when fault campaign. One run each, 2 cores, release build.
#
# usage: bench/run_sim.sh [BUILD_DIR]        (default build/release)
set -euo pipefail
build=${1:-build/release}
treecast=$build/tools/treecast/treecast
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }

field() { # json key -> value
    sed -n "s/.*\"$1\":\([-0-9.e+]*\).*/\1/p"
}

echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-48s %9s %12s %14s %10s %12s\n' case rounds "wall s" hops "peak MiB" "hops/s"
run() { # label, args...
    local label=$1
    shift
    local out
    out=$("$treecast" sim "$@" --timing --format json)
    local rounds secs hops peak rate
    rounds=$(echo "$out" | field rounds)
    secs=$(echo "$out" | field seconds)
    hops=$(echo "$out" | field hops)
    peak=$(echo "$out" | field peak_kib)
    rate=$(echo "$out" | field hops_per_second)
    printf '%-48s %9s %12s %14s %10.1f %12.3g\n' "$label" "$rounds" "$secs" "$hops" \
        "$(awk "BEGIN{print $peak / 1024}")" "$rate"
}
run "bcast S_7 M=600" bcast --net star:7 --M 600
run "ft-bcast S_7 M=60 x=6" ft-bcast --net star:7 --M 60 --x 6
run "multinode S_7 M=1 (full)" multinode --net star:7 --M 1 --method full
run "multinode S_7 M=1 (symmetry)" multinode --net star:7 --M 1 --method symmetry
run "multinode S_9 M=1 (symmetry)" multinode --net star:9 --M 1
run "total-exchange S_7 M=1 (full)" total-exchange --net star:7 --M 1 --method full
run "total-exchange S_7 M=1 (symmetry)" total-exchange --net star:7 --M 1 --method symmetry
run "total-exchange S_9 M=1 (symmetry)" total-exchange --net star:9 --M 1

echo
echo "# campaign: sim ft-bcast --net star:7 --M 60 --x 6 --faults nodes:5 --trials 2000 --seed 1"
"$treecast" sim ft-bcast --net star:7 --M 60 --x 6 --faults nodes:5 --trials 2000 --seed 1 --timing
