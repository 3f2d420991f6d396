#!/usr/bin/env bash
# Benchmark: `treecast reproduce`, every paper, quick and full, as whole processes (wall time,
# CPU time, peak memory from /usr/bin/time -v), one paper at a time and then all together.
# Targets (issue 15): the full run within 10 minutes on the 2-core machine, --quick under a
# minute.
# usage: bench/run_reproduce.sh [BUILD_DIR] [quick|full|both]     (defaults: build/release both)
set -euo pipefail
build=${1:-build/release}
modes=${2:-both}
treecast=$(realpath "$build/tools/treecast/treecast")
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-6s %-6s %9s %9s %10s %7s\n' mode paper "wall s" "cpu s" "peak MiB" cells
run() { # mode paper-option label
    local flag=$1 paper=$2 label=$3
    /usr/bin/time -v "$treecast" reproduce $flag $paper --quiet --out "$work/r" \
        2>"$work/time" >/dev/null
    local wall cpu mem cells
    wall=$(awk -F': ' '/Elapsed/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.1f", s}' "$work/time")
    cpu=$(awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} END {printf "%.1f", u + s}' "$work/time")
    mem=$(awk -F': ' '/Maximum resident/ {printf "%.0f", $2 / 1024}' "$work/time")
    cells=$(grep -vc '^#' "$work/r/verdicts.tsv")
    printf '%-6s %-6s %9s %9s %10s %7s\n' "${flag:-full}" "$label" "$wall" "$cpu" "$mem" "$cells"
}
for mode in quick full; do
    [ "$modes" = both ] || [ "$modes" = "$mode" ] || continue
    flag=$([ "$mode" = quick ] && echo --quick || echo "")
    for p in 000 001 002 003 004; do
        run "$flag" "--paper $p" "$p"
    done
    run "$flag" "" all
done
