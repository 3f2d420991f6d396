#!/usr/bin/env bash
# Benchmark: the fault-tolerant routing of S_n and the broadcasts built on it (issue 16), as whole
# processes (wall and CPU seconds, peak memory from /usr/bin/time -v), and the routing beside
# igraph's shortest path between the same number of random pairs of S_8 with 14 links deleted
# (global knowledge, one breadth-first search per pair: what treecast's oracle computes).
# usage: bench/run_ftroute.sh [BUILD_DIR]       (default build/release; peer_igraph if built)
set -euo pipefail
build=${1:-build/release}
treecast=$(realpath "$build/tools/treecast/treecast")
peer=$build/bench/peer_igraph
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-64s %8s %8s %9s\n' command "wall s" "cpu s" "peak MiB"
run() {
    /usr/bin/time -v "$@" >/dev/null 2>"$work/time"
    local wall cpu mem
    wall=$(awk -F': ' '/Elapsed/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.2f", s}' "$work/time")
    cpu=$(awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} END {printf "%.2f", u + s}' "$work/time")
    mem=$(awk -F': ' '/Maximum resident/ {printf "%.1f", $2 / 1024}' "$work/time")
    local shown="$(basename "$1") ${*:2}"
    printf '%-64s %8s %8s %9s\n' "${shown:0:64}" "$wall" "$cpu" "$mem"
}
run "$treecast" sim route-campaign --net star:7 --faults links:5 --trials 1000 --seed 1
run "$treecast" sim route-campaign --net star:8 --faults nodes:14 --trials 100 --pairs 1000
run "$treecast" sim route-campaign --net star:8 --faults links:14 --trials 20 --pairs 1000 --threads 1
[ -x "$peer" ] && run "$peer" 8 14 20000 1
run "$treecast" sim bcast-compare --net star:7 --faults nodes:5 --trials 40
run "$treecast" sim bcast-compare --net star:8 --faults links:14 --trials 20
run "$treecast" sim bcast-compare --net star:8 --faults nodes:14 --trials 20
