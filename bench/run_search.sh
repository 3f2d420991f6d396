#!/usr/bin/env bash
# Benchmark: the proved least height of edge-disjoint spanning trees (`treecast search`, SAT
# with CaDiCaL) at the hardest root classes found, beside the time of building and checking the
# paper's construction at the same root (`treecast check`, the peer: what a user runs without
# the search); and the two table reproductions of issue 5 (`table 002:2`, `table 003:II`).
# usage: bench/run_search.sh [BUILD_DIR]     (default build/release)
set -euo pipefail
build=${1:-build/release}
treecast=$build/tools/treecast/treecast
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }
echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-44s %10s %s\n' what "wall s" "result"
row() { # label command...
    local label=$1
    shift
    local t0 t1 out
    t0=$(date +%s.%N)
    out=$("$@" | grep -E "^  least height|every claim|claim FAILS|^Table" | head -1 | tr -s ' ' | cut -c1-60) || true
    t1=$(date +%s.%N)
    awk -v l="$label" -v a="$t0" -v b="$t1" -v o="$out" \
        'BEGIN { printf "%-44s %10.3f %s\n", l, b - a, o }'
}
row "search icube:6,3 S_6 (4 trees)" "$treecast" search --net icube:6,3 --root 0110000
row "  check edst there (peer)" "$treecast" check --net icube:6,3 --kind edst --root 0110000
row "search icube:7,5 S_3 (6 trees)" "$treecast" search --net icube:7,5 --root 01100000
row "search icube:8,5 S_7 (6 trees)" "$treecast" search --net icube:8,5 --root 011100000
row "  check edst there (peer)" "$treecast" check --net icube:8,5 --kind edst --root 011100000
row "search cube:5 (5 trees)" "$treecast" search --net cube:5
row "search star:6 (5 trees)" "$treecast" search --net star:6
row "  check edt there (peer)" "$treecast" check --net star:6 --kind edt
row "check icube:7,1 --all-roots (65 searches)" "$treecast" check --net icube:7,1 --kind edst \
    --all-roots
row "table 002:2 (n = 4..12)" "$treecast" table 002:2 --from 4 --to 12
row "table 003:II (n = 3..7, M = 1024)" "$treecast" table 003:II --from 3 --to 7
