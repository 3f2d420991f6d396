#!/usr/bin/env bash
# Benchmark of paper 001's plans in the round engine (issue 12's targets): the full
# Personalized_Broadcast(3) on S_7 (every source: 25.4 million messages delivered) under 10 s
# and 2 GB, the symmetry method on S_10 under 10 s, and the mesh allgather on S_7; beside them,
# in the same run, paper 000's total exchange on S_7 (every source, all-port), the engine's
# existing all-to-all personalized plan. One run each, release build, wall time and peak
# resident memory from /usr/bin/time.
#
# usage: bench/run_tseng.sh [BUILD_DIR]        (default build/release)
set -euo pipefail
build=${1:-build/release}
treecast=$build/tools/treecast/treecast
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time is missing (Debian package time)" >&2; exit 2; }

echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-52s %10s %10s %10s  %s\n' case rounds "wall s" "peak MiB" "check"
run() { # label, what must appear in the output, args...
    local label=$1 want=$2
    shift 2
    local out tfile
    tfile=$(mktemp)
    out=$(/usr/bin/time -f '%e %M' -o "$tfile" "$treecast" "$@")
    local wall peak rounds
    read -r wall peak < "$tfile"
    rm -f "$tfile"
    rounds=$(echo "$out" | sed -n 's/^  rounds  *\([0-9]*\).*/\1/p' | head -1)
    local ok=ok
    echo "$out" | grep -q -- "$want" || ok="FAILED ($want)"
    printf '%-52s %10s %10s %10.1f  %s\n' "$label" "$rounds" "$wall" \
        "$(awk "BEGIN{print $peak / 1024}")" "$ok"
}
run "alltoall-tseng S_7 k=3 (full, one-port)" "queued packets       0" \
    sim alltoall-tseng --net star:7 --k 3 --ts 1 --tm 1
run "alltoall-tseng S_7 k=1 (full, one-port)" "queued packets       0" \
    sim alltoall-tseng --net star:7 --k 1 --ts 1 --tm 1
run "alltoall-tseng S_10 k=3 (symmetry, one-port)" "symmetry condition   0" \
    sim alltoall-tseng --net star:10 --k 3 --ts 1 --tm 1
run "allgather-mesh S_7 (full, one-port, + baselines)" "time - T             +0" \
    sim allgather-mesh --net star:7 --ts 1 --tm 1
run "total-exchange (000) S_7 M=1 (full, all-port)" "rounds" \
    sim total-exchange --net star:7 --M 1 --method full
