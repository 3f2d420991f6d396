#!/usr/bin/env bash
# Benchmark: treecast builds the n-1 EDTs of S_n and checks them (spanning + directed
# edge-disjointness) for n = 9..12, and the peer, igraph, builds S_n from an edge list and
# computes one BFS spanning tree for n = 9, 10 -- in one run, on the same machine.
#
# usage: bench/run_star.sh [BUILD_DIR] [MAX_N]     (defaults: build/release, 12)
# Build first with: cmake --preset release && cmake --build --preset release
# Each figure is the best of REPEAT runs (default 3; S_11 and S_12 run once).
set -euo pipefail
build=${1:-build/release}
max_n=${2:-12}
repeat=${REPEAT:-3}
treecast=$build/tools/treecast/treecast
peer=$build/bench/peer_igraph
[ -x "$treecast" ] || { echo "bench: $treecast not built" >&2; exit 2; }

now() { date +%s.%N; }

# treecast: wall time of the whole process, and its own build/check split and peak memory.
run_treecast() { # n -> "wall build check peak_kib"
    local n=$1 best="" t0 t1 out wall
    local reps=$repeat
    [ "$n" -ge 11 ] && reps=1
    for _ in $(seq "$reps"); do
        t0=$(now)
        out=$("$treecast" check --net "star:$n" --kind edt --properties spanning,disjoint \
              --threads 2 --timing --format json)
        t1=$(now)
        echo "$out" | grep -q '"all_hold":true}$' || { echo "bench: S_$n check failed" >&2; exit 1; }
        wall=$(awk "BEGIN{printf \"%.3f\", $t1 - $t0}")
        local b c k
        b=$(echo "$out" | sed -n 's/.*"seconds":{"build":\([0-9.]*\).*/\1/p')
        c=$(echo "$out" | sed -n 's/.*"check":\([0-9.]*\)}.*/\1/p')
        k=$(echo "$out" | sed -n 's/.*"peak_kib":\([0-9]*\).*/\1/p')
        if [ -z "$best" ] || awk "BEGIN{exit !($wall < ${best%% *})}"; then
            best="$wall $b $c $k"
        fi
    done
    echo "$best"
}

run_peer() { # n -> "total_s peak_kib"
    local n=$1 best="" line total peak
    for _ in $(seq "$repeat"); do
        line=$("$peer" "$n")
        total=$(echo "$line" | sed -n 's/.*total_s=\([0-9.]*\).*/\1/p')
        peak=$(echo "$line" | sed -n 's/.*peak_kib=\([0-9]*\).*/\1/p')
        if [ -z "$best" ] || awk "BEGIN{exit !($total < ${best%% *})}"; then
            best="$total $peak"
        fi
    done
    echo "$best"
}

echo "# treecast $("$treecast" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-4s %12s %10s %10s %12s | %12s %12s | %16s\n' n "treecast s" "build s" "check s" \
    "peak MiB" "igraph s" "peak MiB" "treecast/igraph"
for n in $(seq 9 "$max_n"); do
    read -r wall b c k <<<"$(run_treecast "$n")"
    peer_s="-" peer_m="-" ratio="-"
    if [ "$n" -le 10 ] && [ -x "$peer" ]; then
        read -r ps pk <<<"$(run_peer "$n")"
        peer_s=$ps
        peer_m=$(awk "BEGIN{printf \"%.1f\", $pk / 1024}")
        ratio=$(awk "BEGIN{printf \"%.3f\", $wall / $ps}")
    fi
    printf '%-4s %12.3f %10s %10s %12.1f | %12s %12s | %16s\n' "$n" "$wall" "$b" "$c" \
        "$(awk "BEGIN{print $k / 1024}")" "$peer_s" "$peer_m" "$ratio"
done
