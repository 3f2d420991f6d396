#!/usr/bin/env bash
# Benchmark (issue 28): synthesis time and peak memory of the optimal allgather schedule,
# treecast against ForestColl (Zhao et al., arXiv 2402.06787; its Python implementation on
# networkx), on the same graph files, with the optimum of each cross-checked exactly.
#
# usage: bench/run_optimal.sh [BUILD_DIR] [WORK] [TSV]
#          (defaults: build/rel /tmp/tc-bench-optimal bench/optimal_synthesis.tsv)
# environment:
#   KS="4 8 12 16 32"       the fat-trees fattree:K (K^3/4 hosts, 5K^2/4 switches)
#   EXTRA="leafspine:8,1,4,8 leafspine:8,2,8,16 torus:8,8"
#                           more networks, for the cross-check where the optimum is not set by
#                           a host's own link (leafspine:L,S,H,R oversubscribed R:1; torus:A,B the
#                           A x B torus of compute nodes); "" for none
#   RUNS=3                  treecast runs per measurement (the median wall, the largest peak)
#   CHECK_MAX_HOSTS=500     treecast check (which also runs the round engine: about 10 min on
#                           fattree:16) only up to this many compute nodes
#   PEER_TIMEOUT=600        seconds allowed to one ForestColl run; 0 skips ForestColl
#   PEER_SKIP=1             once ForestColl's trees time out on a fat-tree, larger fat-trees'
#                           trees are not tried (recorded as skipped)
#   FORESTCOLL=/tmp/forestcoll   ForestColl's Python files (pipeline_allgather.py)
#   FORESTCOLL_REV          its commit, for the table's header when $FORESTCOLL is not a clone
#
# Needs: a release build of treecast_tool (cmake --build build/rel --target treecast_tool),
# GNU time (/usr/bin/time), coreutils' timeout, Debian's /usr/bin/python3 with python3-networkx
# (apt-get install python3-networkx), and ForestColl, not part of this repository:
#   git clone https://github.com/liangyuRain/ForestColl /tmp/forestcoll
#
# What is measured, per network (each a graph file written by bench/make_fabric.py, which
# `treecast bound` and `info` first confirm equal to the built-in family):
#   treecast bound: `treecast bound --net graph:F --coll allgather --quiet` (output discarded)
#   treecast trees: `treecast trees --net graph:F --kind optimal --coll allgather --quiet`
#                   (text: a summary line, and every tree drawn up to 128 nodes; to a file)
#   ForestColl bound: bench/peer_forestcoll.py bound F (OptimalBranchingsAlgo.binary_search)
#   ForestColl trees: bench/peer_forestcoll.py trees F (optimal_pipeline_spanning_trees)
# Wall seconds of the whole process (the nanosecond clock around /usr/bin/time -v; for
# ForestColl this includes starting Python, importing networkx and reading the file, about
# 0.1 s: its in-call seconds are in the TSV too) and peak resident memory (time -v).
# `treecast check --kind optimal --coll allgather` (once, untimed) verifies treecast's schedule
# and its rate. The optima: treecast's rate num/den per block; ForestColl's (U, k), per-block
# rate k/U, algbw N k / U = N * rate; they must be equal as fractions (exit 1 if not).
#
# bench/run_paired.sh is not used: it stops at the first failing run (a ForestColl timeout is
# one) and runs each command once more as a warm-up, which would double 600 s runs.
set -euo pipefail
build=${1:-build/rel}
work=${2:-/tmp/tc-bench-optimal}
src=$(cd "$(dirname "$0")/.." && pwd)
tsv=${3:-$src/bench/optimal_synthesis.tsv}
ks=${KS-4 8 12 16 32}
extra=${EXTRA-leafspine:8,1,4,8 leafspine:8,2,8,16 torus:8,8}
check_max=${CHECK_MAX_HOSTS:-500}
runs=${RUNS:-3}
peer_timeout=${PEER_TIMEOUT:-600}
peer_skip=${PEER_SKIP:-1}
export FORESTCOLL=${FORESTCOLL:-/tmp/forestcoll}
py=/usr/bin/python3
cli=$(realpath "$build/tools/treecast/treecast")
[ -x "$cli" ] || { echo "bench: $cli not built" >&2; exit 2; }
if [ "$peer_timeout" != 0 ]; then
    "$py" -c 'import networkx' 2>/dev/null || { echo "bench: $py lacks networkx (apt-get install python3-networkx)" >&2; exit 2; }
    [ -f "$FORESTCOLL/pipeline_allgather.py" ] || {
        echo "bench: no ForestColl in $FORESTCOLL (git clone https://github.com/liangyuRain/ForestColl $FORESTCOLL)" >&2
        exit 2
    }
fi
mkdir -p "$work"
# the binary, copied so that a rebuild during the run does not change what is measured
cp "$cli" "$work/treecast"
tc=$work/treecast

timed() { # timeout command... -> "rc wall_s peak_mib" ; the command's stdout in $work/out
    local lim=$1 t0 t1 rc
    shift
    t0=$(date +%s%N)
    rc=0
    /usr/bin/time -v timeout "$lim" "$@" >"$work/out" 2>"$work/time" </dev/null || rc=$?
    t1=$(date +%s%N)
    awk -v rc="$rc" -v ns=$((t1 - t0)) '/Maximum resident/ {m = $NF}
        END {printf "%d %.3f %.1f\n", rc, ns / 1e9, m / 1024}' "$work/time"
}
median_of() { sort -n | awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
tc_measure() { # command... -> "wall_median peak_max"
    local i r w m walls="" peak=0
    for i in $(seq "$runs"); do
        read -r r w m < <(timed 3600 "$@")
        [ "$r" = 0 ] || { echo "bench: failed ($r): $*" >&2; tail -3 "$work/time" >&2; exit 1; }
        walls+="$w"$'\n'
        peak=$(awk -v a="$peak" -v b="$m" 'BEGIN {print (b > a ? b : a)}')
    done
    printf '%s %s\n' "$(printf '%s' "$walls" | median_of)" "$peak"
}
field() { # key line -> value of key=value
    tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"
}
info_counts='/^  nodes / {printf "nodes %s ", $2} /^  edges / {printf "edges %s ", $2} /^  compute nodes / {printf "compute %s", $3}'
same_fraction() { "$py" -c 'import sys; from fractions import Fraction as F; sys.exit(0 if F(sys.argv[1]) == F(sys.argv[2]) else 1)' "$1" "$2"; }

nets=()
for k in $ks; do nets+=("fattree:$k"); done
for n in $extra; do nets+=("$n"); done

printf 'network\tnodes\thosts\ttc_method\ttc_trees\ttc_bound_s\ttc_bound_mib\ttc_trees_s\ttc_trees_mib\ttc_check\tfc_bound_s\tfc_bound_mib\tfc_bound_call_s\tfc_trees_s\tfc_trees_mib\tfc_trees_call_s\tfc_trees\ttc_optimum\tfc_optimum_bound\tfc_optimum_trees\tfc_U_k\tagree\n' >"$work/tsv"
fail=0
load0=$(cut -d' ' -f1-3 /proc/loadavg)
rev0=$(git -C "$src" describe --always --dirty 2>/dev/null || echo '?') # the tree the binary was built from, presumably
peer_trees_dead=""
for net in "${nets[@]}"; do
    family=${net%%:*}
    args=${net#*:}
    file=$work/${net//[:,]/_}.edges
    builtin=$net
    case $family in
    fattree) "$py" "$src/bench/make_fabric.py" fattree "$args" >"$file" ;;
    leafspine) "$py" "$src/bench/make_fabric.py" leafspine ${args//,/ } >"$file" ;;
    torus)
        "$py" "$src/bench/make_fabric.py" torus ${args//,/ } >"$file"
        a=${args%,*} b=${args#*,}
        if [ "$a" = "$b" ]; then builtin="torus:2,$a"; else builtin=""; fi
        ;;
    *) echo "bench: unknown network $net" >&2; exit 2 ;;
    esac
    # the file is the built-in network: the same optimum, nodes and compute nodes
    "$tc" bound --net "graph:$file" --coll allgather --format json --quiet >"$work/bound.json"
    read -r nodes hosts num den < <("$py" -c 'import json, sys; d = json.load(open(sys.argv[1]))
print(d["network"]["nodes"], d["compute_nodes"], d["rate"]["num"], d["rate"]["den"])' "$work/bound.json")
    if [ -n "$builtin" ]; then
        "$tc" bound --net "$builtin" --coll allgather --format json --quiet >"$work/bound_b.json"
        read -r bnodes bhosts bnum bden < <("$py" -c 'import json, sys; d = json.load(open(sys.argv[1]))
print(d["network"]["nodes"], d["compute_nodes"], d["rate"]["num"], d["rate"]["den"])' "$work/bound_b.json")
        bi=$("$tc" info --net "$builtin" | awk "$info_counts")
        fi_=$("$tc" info --net "graph:$file" | awk "$info_counts")
        if [ "$bnodes $bhosts $bnum/$bden" != "$nodes $hosts $num/$den" ] || [ "$bi" != "$fi_" ]; then
            echo "bench: $file differs from $builtin: $nodes $hosts $num/$den vs $bnodes $bhosts $bnum/$bden; info: $fi_ / $bi" >&2
            exit 1
        fi
    fi
    echo "== $net: $nodes nodes, $hosts compute, treecast rate $num/$den (graph file = $builtin${builtin:+: bound and info agree})" >&2
    read -r tbw tbm < <(tc_measure "$tc" bound --net "graph:$file" --coll allgather --quiet)
    read -r ttw ttm < <(tc_measure "$tc" trees --net "graph:$file" --kind optimal --coll allgather --quiet)
    line=$(sed -n 1p "$work/out") # the last run's first line
    method=${line##* by }
    ntrees=$(sed -n 's/.*: \([0-9]*\) trees over.*/\1/p' <<<"$line")
    check=-
    if [ "$hosts" -le "$check_max" ]; then
        "$tc" check --net "graph:$file" --kind optimal --coll allgather --format json --quiet >"$work/check.json" || true
        check=$("$py" -c 'import json, sys; r = json.load(open(sys.argv[1]))["result"]
print("holds" if r["optimal"] and r["spanning"] and r["feasible"] and r["roots"] and r["routes"] else "FAILS",
      "%d/%d" % (r["rate"]["num"], r["rate"]["den"]), sep=":")' "$work/check.json")
    fi
    echo "   treecast bound ${tbw} s ${tbm} MiB; trees ${ttw} s ${ttm} MiB ($ntrees trees, $method); check $check" >&2
    fbw=- fbm=- fbc=- fbo=- ftw=- ftm=- ftc=- fto=- ftn=- fuk=-
    if [ "$peer_timeout" != 0 ]; then
        read -r r w m < <(timed "$peer_timeout" "$py" "$src/bench/peer_forestcoll.py" bound "$file")
        if [ "$r" = 0 ]; then
            out=$(cat "$work/out")
            fbw=$w fbm=$m fbc=$(field seconds "$out") fbo=$(field rate "$out")
            fuk="$(field U "$out"),$(field k "$out")"
        elif [ "$r" = 124 ]; then fbw=">$peer_timeout"; else fbw="failed($r)"; tail -3 "$work/time" >&2; fi
        echo "   ForestColl bound: $fbw s $fbm MiB (call $fbc s), rate $fbo, (U,k) = ($fuk)" >&2
        if [ "$family" = fattree ] && [ -n "$peer_trees_dead" ]; then
            ftw="skipped($peer_trees_dead)"
        else
            read -r r w m < <(timed "$peer_timeout" "$py" "$src/bench/peer_forestcoll.py" trees "$file")
            if [ "$r" = 0 ]; then
                out=$(cat "$work/out")
                ftw=$w ftm=$m ftc=$(field seconds "$out") fto=$(field rate "$out") ftn=$(field trees "$out")
            elif [ "$r" = 124 ]; then
                ftw=">$peer_timeout"
                [ "$family" = fattree ] && [ "$peer_skip" = 1 ] && peer_trees_dead="$net>${peer_timeout}s"
            else
                ftw="failed($r)"
                tail -3 "$work/time" >&2
            fi
        fi
        echo "   ForestColl trees: $ftw s $ftm MiB (call $ftc s), rate $fto, $ftn trees" >&2
    fi
    agree=yes
    for o in $fbo $fto; do
        [ "$o" = - ] && continue
        same_fraction "$o" "$num/$den" || { agree=NO; fail=1; echo "bench: DISAGREE on $net: treecast $num/$den, ForestColl $o" >&2; }
    done
    [ "$fbo$fto" = -- ] && agree=-
    [ "$check" = - ] || [ "${check%%:*}" = holds ] || { fail=1; echo "bench: treecast's schedule on $net: $check" >&2; }
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
        "$net" "$nodes" "$hosts" "$method" "$ntrees" "$tbw" "$tbm" "$ttw" "$ttm" "$check" \
        "$fbw" "$fbm" "$fbc" "$ftw" "$ftm" "$ftc" "$ftn" "$num/$den" "$fbo" "$fto" "$fuk" "$agree" >>"$work/tsv"
done
{
    printf '# treecast %s (%s), %s, %s cores, %s, load average at the start %s; ForestColl %s; networkx %s\n' \
        "$("$tc" --version 2>/dev/null | head -1 | awk '{print $NF}')" \
        "$rev0" \
        "$(uname -m)" "$(nproc)" "$(date +%F)" "$load0" \
        "$(git -C "$FORESTCOLL" rev-parse --short HEAD 2>/dev/null || echo "${FORESTCOLL_REV:-in $FORESTCOLL}")" \
        "$("$py" -c 'import networkx; print(networkx.__version__)' 2>/dev/null || echo -)"
    cat "$work/tsv"
} >"$tsv"
head -1 "$tsv"
tail -n +2 "$tsv" | column -t -s $'\t'
echo "bench: table in $tsv" >&2
exit $fail
