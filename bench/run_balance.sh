#!/usr/bin/env bash
# Benchmark: `treecast balance` streams Table 1 of paper 002 over all 2^n addresses of Q_n
# (every core, nothing materialized) for n = 20..32. Targets: n = 28 under 10 s, n = 32 under
# 3 minutes on the 2-core machine.
# usage: bench/run_balance.sh [BUILD_DIR] [FROM] [TO]     (defaults: build/release 20 32)
set -euo pipefail
build=${1:-build/release}
from=${2:-20}
to=${3:-32}
treecast=$build/tools/treecast/treecast
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }
echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-4s %10s %12s\n' n "wall s" "SBnT(max)"
for n in $(seq "$from" "$to"); do
    t0=$(date +%s.%N)
    row=$("$treecast" balance --net "cube:$n" --kind sbnt-minr --format json)
    t1=$(date +%s.%N)
    max=$(echo "$row" | sed -n 's/.*"sbnt_max":\([0-9]*\).*/\1/p')
    printf '%-4s %10s %12s\n' "$n" "$(awk "BEGIN{printf \"%.2f\", $t1 - $t0}")" "$max"
done
