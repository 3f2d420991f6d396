#!/usr/bin/env bash
# Paired runs of two whole processes: A and B alternate (A B A B ...), each run's wall and CPU
# seconds and peak memory from /usr/bin/time -v; prints each command's medians and the median
# of the pair-by-pair ratios A/B (pairing keeps the ratio meaningful while the machine drifts).
# usage: bench/run_paired.sh RUNS 'COMMAND A' 'COMMAND B'      (each command run by sh -c)
set -euo pipefail
runs=${1:?runs}
a=${2:?command A}
b=${3:?command B}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
one() { # command -> "wall cpu peak_kib" (wall by the nanosecond clock: time -v has 10 ms)
    local t0 t1
    t0=$(date +%s%N)
    /usr/bin/time -v sh -c "$1" >/dev/null 2>"$work/t" </dev/null || {
        echo "bench: failed: $1" >&2
        tail -3 "$work/t" >&2
        exit 1
    }
    t1=$(date +%s%N)
    awk -F': ' -v ns=$((t1 - t0)) '/User time/ {u = $2} /System time/ {s = $2} /Maximum resident/ {m = $2}
                END {printf "%.4f %.3f %d\n", ns / 1e9, u + s, m}' "$work/t"
}
one "$a" >/dev/null # warm-up: caches, page cache
one "$b" >/dev/null
for i in $(seq "$runs"); do
    one "$a" >>"$work/a"
    one "$b" >>"$work/b"
done
paste "$work/a" "$work/b" | awk -v runs="$runs" -v a="$a" -v b="$b" '
    function median(v, n,    i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) {t = v[j]; v[j] = v[j - 1]; v[j - 1] = t}
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    {aw[NR] = $1; ac[NR] = $2; am[NR] = $3; bw[NR] = $4; bc[NR] = $5; bm[NR] = $6
     rw[NR] = $4 > 0 ? $1 / $4 : 0; rc[NR] = $5 > 0 ? $2 / $5 : 0}
    END {
        printf "A: %s\nB: %s\n%d pairs, medians:\n", a, b, runs
        printf "A wall %.3f s  cpu %.3f s  peak %.1f MiB\n", median(aw, NR), median(ac, NR), median(am, NR) / 1024
        printf "B wall %.3f s  cpu %.3f s  peak %.1f MiB\n", median(bw, NR), median(bc, NR), median(bm, NR) / 1024
        printf "A/B wall %.3f  cpu %.3f (pair by pair)\n", median(rw, NR), median(rc, NR)
    }'
