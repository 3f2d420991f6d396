#!/usr/bin/env bash
# The growth of the generic packing (`trees --kind edst`: arc-disjoint spanning arborescences)
# with the network's size, and a peer: another treecast binary (e.g. a build of an older
# commit, whose packing was Lovasz's construction alone). One whole process per network and
# binary, best of RUNS wall times, peak memory from /usr/bin/time -v; the trees go to a file and
# the largest depth is read from its summary. The peer runs once per network, stopped after
# PEER_LIMIT seconds (printed ">LIMIT"; the family's larger networks are then skipped).
#
# usage: bench/run_packing.sh TREECAST [PEER_TREECAST] [RUNS] > bench/packing_growth.tsv
#   env: PEER_LIMIT (default 90), NETS (default: the list below), GRAPH (a graph file to add;
#        default: a 100,000-node 6-regular graph written here from seed 1, see graph_100k)
# Then: python3 bench/plot_growth.py bench/packing_growth.tsv > bench/packing_growth.svg
set -euo pipefail
new=${1:?treecast binary}
peer=${2:-}
runs=${3:-3}
limit=${PEER_LIMIT:-90}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A 100,000-node graph: the union of three random Hamiltonian cycles (Python's random, seed 1),
# so 6-regular but for the few edges two cycles share (parallel edges, kept).
graph_100k() {
    python3 "$(dirname "$0")/make_graph.py" cycles 100000 3 1 >"$1"
}
graph=${GRAPH:-$work/hc3_100k.edges}
[ -n "${GRAPH:-}" ] || graph_100k "$graph"

nets=${NETS:-"star:5 star:6 star:7 star:8 star:9 cube:8 cube:10 cube:12 cube:14 cube:16 cube:18
bubble:5 bubble:6 bubble:7 bubble:8 bubble:9 pancake:6 pancake:7 pancake:8 torus:2,16 torus:2,64
torus:3,16 torus:3,32 torus:4,16 graph:$graph"}

# one BINARY NET -> "wall peak_kib trees depth" (best wall of $runs)
one() {
    local best="" peak=0 w t0 t1
    for _ in $(seq "$runs"); do
        t0=$(date +%s%N)
        /usr/bin/time -v timeout "${cap:-0}" "$1" trees --net "$2" --kind edst --output "$work/out" \
            --quiet >/dev/null 2>"$work/time" || {
            grep -q 'Exit status: 124' "$work/time" && { echo "- 0 0 0"; return; } # over the cap
            echo "bench: failed: $1 $2" >&2
            tail -3 "$work/time" >&2
            exit 1
        }
        t1=$(date +%s%N)
        w=$(awk -v ns=$((t1 - t0)) 'BEGIN {printf "%.4f", ns / 1e9}')
        best=$(awk -v a="${best:-$w}" -v b="$w" 'BEGIN {print (b < a ? b : a)}')
        peak=$(awk -F': ' '/Maximum resident/ {print $2}' "$work/time")
    done
    awk -v w="$best" -v m="$peak" 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == "trees") t = $(i - 1)}
        /^tree [0-9]+:/ {for (i = 1; i <= NF; i++) if ($i == "depth") {d = $(i + 1) + 0; if (d > dm) dm = d}}
        END {printf "%s %d %d %d\n", w, m, t, dm}' "$work/out"
}

printf 'network\tnodes\ttrees\tdepth\twall_s\tpeak_mib\tpeer_wall_s\tpeer_depth\n'
skip=""
for net in $nets; do
    family=${net%%:*}
    nodes=$("$new" info --net "$net" 2>/dev/null | awk '$1 == "nodes" {print $2; exit}')
    read -r w m t d <<<"$(one "$new" "$net")"
    [ -n "$w" ] || exit 1
    pw="-" pd="-"
    if [ -n "$peer" ] && [ "$family" != "$skip" ]; then
        read -r pw _ _ pd <<<"$(runs=1 cap=$limit one "$peer" "$net")"
        [ -n "$pw" ] || exit 1
        if [ "$pw" = - ]; then
            pw=">$limit" pd="-"
            skip=$family # the next ones of this family would take far longer
        fi
    fi
    name=$net
    [ "$family" = graph ] && name="graph:$(basename "${net#graph:}")"
    printf '%s\t%s\t%s\t%s\t%s\t%.1f\t%s\t%s\n' "$name" "$nodes" "$t" "$d" "$w" \
        "$(awk -v m="$m" 'BEGIN {print m / 1024}')" "$pw" "$pd"
done
