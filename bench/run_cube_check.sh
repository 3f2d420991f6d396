#!/usr/bin/env bash
# Benchmark: `treecast check` of the hypercube forests that paper 003 (nedst) and paper 004
# (ist) define, built at node 0 and checked exhaustively on every core for n = 20..26:
#   ist:   the n independent spanning trees: spanning, rooting, depth, and independence
#          (every node's n root paths walked and tested for a shared inner node);
#   nedst: the n Johnsson-Ho trees: spanning, rooting, depth, directed edge-disjointness.
# Target (issue 4): the 24 ISTs of Q_24 (16.7M nodes; spanning + independence) under a minute.
# usage: bench/run_cube_check.sh [BUILD_DIR] [FROM] [TO]     (defaults: build/release 20 26)
set -euo pipefail
build=${1:-build/release}
from=${2:-20}
to=${3:-26}
treecast=$build/tools/treecast/treecast
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }
echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-6s %-3s %10s %9s %9s %10s  %s\n' kind n nodes "build s" "check s" "peak MiB" result
for kind in ist nedst; do
    props=independence
    [ "$kind" = nedst ] && props=disjoint
    for n in $(seq "$from" "$to"); do
        out=$("$treecast" check --net "cube:$n" --kind "$kind" --exhaustive --properties "$props" \
            --format json --timing)
        build_s=$(echo "$out" | sed -n 's/.*"seconds":{"build":\([0-9.]*\),.*/\1/p')
        check_s=$(echo "$out" | sed -n 's/.*"seconds":{"build":[0-9.]*,"check":\([0-9.]*\)}.*/\1/p')
        peak=$(echo "$out" | sed -n 's/.*"peak_kib":\([0-9]*\).*/\1/p')
        result=$(echo "$out" | grep -q '"all_hold":true}$' && echo "every claim holds" || echo FAILS)
        printf '%-6s %-3s %10s %9s %9s %10s  %s\n' "$kind" "$n" $((1 << n)) "$build_s" "$check_s" \
            "$(awk "BEGIN{printf \"%.0f\", $peak / 1024}")" "$result"
    done
done
