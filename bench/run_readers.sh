#!/usr/bin/env bash
# Benchmark: the bounded readers of outside input (tc_read_text). A large edge list (a path
# through N nodes plus random chords, written here with awk and a fixed seed) is read by
# `info --net graph:F`, and every reader is given /dev/zero, which each must refuse at once.
# Targets: /dev/zero refused in milliseconds by every reader; reading the graph no slower than
# before the bound (compare with an older build: BASELINE=path/to/old/treecast).
# usage: bench/run_readers.sh [BUILD_DIR] [NODES] [CHORDS]   (defaults: build/release 2000000 4000000)
set -euo pipefail
build=${1:-build/release}
nodes=${2:-2000000}
chords=${3:-4000000}
treecast=$build/tools/treecast/treecast
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk -v n="$nodes" -v c="$chords" 'BEGIN {
    srand(1)
    for (i = 0; i < n - 1; i++) print i, i + 1
    for (k = 0; k < c; k++) { a = int(rand() * n); b = int(rand() * n); if (a != b) print a, b }
}' >"$work/big.edges"
echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
echo "# graph: $nodes nodes, a path and $chords random chords, $(du -m "$work/big.edges" | cut -f1) MB"
run() { # label, then the command: wall and cpu seconds, peak MiB, exit status
    local label=$1
    shift
    /usr/bin/time -q -f "%e %U %S %M" -o "$work/t" "$@" >/dev/null 2>"$work/err" && s=0 || s=$?
    read -r wall user sys kib <"$work/t"
    printf "%-34s %8s %8.2f %9.1f %6s\n" "$label" "$wall" "$(awk "BEGIN{print $user + $sys}")" \
        "$(awk "BEGIN{print $kib / 1024}")" "$s"
}
printf '%-34s %8s %8s %9s %6s\n' "what" "wall s" "cpu s" "peak MiB" status
run "info --net graph:big.edges" "$treecast" info --net "graph:$work/big.edges" --format json
if [ -n "${BASELINE:-}" ]; then
    run "  the same, BASELINE" "$BASELINE" info --net "graph:$work/big.edges" --format json
fi
run "info --net graph:/dev/zero" "$treecast" info --net graph:/dev/zero
run "check --input /dev/zero" "$treecast" check --input /dev/zero
run "sim bcast --faults-file /dev/zero" "$treecast" sim bcast --net star:5 --faults-file /dev/zero
run "route --faults-file /dev/zero" "$treecast" route --net star:5 --from 12345 --to 21345 \
    --faults-file /dev/zero
run "reproduce --expect /dev/zero" "$treecast" reproduce --quick --out "$work/r" --expect /dev/zero
