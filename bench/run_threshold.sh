#!/usr/bin/env bash
# Benchmark: the Table 5.7 campaign of paper 004 (issue 5): trials per second of
# `treecast table 004:5.7` (each trial adds random tree-link faults until the broadcast first
# misses a node; one row runs the ISTs, the nEDSTs and one binomial tree) at N = 256 and
# N = 65536 on every core, beside the round engine's campaign (`sim ist-bcast --faults arcs:K
# --trials T`), which answers a single fault count K per trial.
# usage: bench/run_threshold.sh [BUILD_DIR]     (default build/release)
set -euo pipefail
build=${1:-build/release}
treecast=$build/tools/treecast/treecast
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }
echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-34s %8s %9s %10s %14s\n' what N trials "wall s" "trials/s"
row() { # label N trials command...
    local label=$1 N=$2 trials=$3
    shift 3
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > /dev/null
    t1=$(date +%s.%N)
    awk -v l="$label" -v N="$N" -v T="$trials" -v a="$t0" -v b="$t1" \
        'BEGIN { printf "%-34s %8s %9s %10.2f %14.0f\n", l, N, T, b - a, T / (b - a) }'
}
row "table 004:5.7 (3 families)" 256 100000 "$treecast" table 004:5.7 --from 8 --to 8 --trials 100000
row "table 004:5.7 (3 families)" 65536 300 "$treecast" table 004:5.7 --from 16 --to 16 --trials 300
row "sim ist-bcast arcs:268 (engine)" 256 20000 "$treecast" sim ist-bcast --net cube:8 --M 1 \
    --faults arcs:268 --trials 20000
row "sim ist-bcast arcs:70166 (engine)" 65536 20 "$treecast" sim ist-bcast --net cube:16 --M 1 \
    --faults arcs:70166 --trials 20
