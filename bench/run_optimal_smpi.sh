#!/bin/sh
# treecast's optimal schedules (kind "optimal": treecast/optimum.h) against SMPI's built-in
# broadcast and allgather algorithms on a simulated machine of the network's shape, beside the
# optimum. One simulation per line: treecast, then every built-in algorithm of ALGOS; each line
# gives the simulated time (average over ranks, us), the fraction of the optimal rate it reaches
# (the optimum's time over its time) and the wall time of the simulation.
#
# The optimum is `treecast bound`'s rate times --bandwidth (1 GBps = 10^9 B/s a unit of
# capacity): bcast of BYTES takes BYTES / rate; allgather of BYTES in all (BYTES / C per rank,
# C the compute nodes) takes (BYTES / C) / rate. The platform is `treecast platform`'s (switches
# as routers, capacity c as c GBps, split-duplex links, 1 us a link); with ROUTES=1 its routes
# are the schedule's (`platform --routes`), else SimGrid's shortest paths. SimGrid's corrections
# of the network model are off (bw-factor, lat-factor, cross-traffic), so that the times compare
# with the optimum of the model: with them on, every transfer takes about 6% longer.
#
# usage: bench/run_optimal_smpi.sh BUILD NET bcast|allgather BYTES [ALGOS]
#   e.g. bench/run_optimal_smpi.sh build/m leafspine:2,2,8,2 bcast 16777216
# environment: SEGMENT (bytes per segment; default BYTES/1024 for bcast, half a block for
#   allgather, at least 4096), WINDOW (4), ITER (2), WARMUP (1),
#   TIMEOUT (seconds per simulation, 1800), ROUTES (1: the schedule's routes), SKIP_TREECAST
set -eu
build=$1 net=$2 coll=$3 bytes=$4
case $coll in
bcast) algos=${5:-"default ompi mpich binomial_tree scatter_LR_allgather scatter_rdb_allgather ompi_pipeline ompi_split_bintree"} ;;
allgather) algos=${5:-"default ompi mpich ring rdb bruck NTSLR ompi_neighborexchange"} ;;
*) echo "run_optimal_smpi.sh: the collective is bcast or allgather" >&2; exit 2 ;;
esac
window=${WINDOW:-4} iter=${ITER:-2} warmup=${WARMUP:-1}
timeout=${TIMEOUT:-1800}
tool=$build/tools/treecast/treecast
bench=$build/tools/mpi-bench/treecast-mpi-bench-smpi
dir=$(mktemp -d /tmp/treecast-opt-smpi.XXXXXX)
trap 'rm -rf "$dir"' EXIT
routes=
if [ "${ROUTES:-0}" = 1 ]; then
    routes="--routes $coll"
fi
# shellcheck disable=SC2086
"$tool" platform --net "$net" $routes --hostfile "$dir/hosts" --output "$dir/p.xml"
np=$(wc -l < "$dir/hosts")
"$tool" bound --net "$net" --coll "$coll" --format json > "$dir/bound.json"
num=$(grep -o '"num":[0-9]*' "$dir/bound.json" | head -1 | cut -d: -f2)
den=$(grep -o '"den":[0-9]*' "$dir/bound.json" | head -1 | cut -d: -f2)
block=$bytes
if [ "$coll" = allgather ]; then
    block=$((bytes / np))
fi
# segments: a bcast's pipeline fills in (hops x segment), so small ones (BYTES/1024); an
# allgather's block is small already and every segment a message more on every ring arc, so
# half a block
if [ "$coll" = allgather ]; then
    seg=${SEGMENT:-$(( block / 2 > 4096 ? block / 2 : 4096 ))}
else
    seg=${SEGMENT:-$(( bytes / 1024 > 4096 ? bytes / 1024 : 4096 ))}
fi
opt_us=$(awk -v b="$block" -v n="$num" -v d="$den" 'BEGIN {printf "%.1f", b * d / n / 1000}')
echo "# $coll of $bytes bytes on $net ($np ranks; per rank $block bytes), optimum $num/$den per unit: $opt_us us; segment $seg, window $window, $iter iterations after $warmup warm-up; routes ${routes:-of SimGrid}"
printf '%-24s %12s %10s %8s\n' "algorithm" "avg us" "of optimum" "wall s"

run() { # NAME WHICH [smpirun --cfg...]: one simulation, one line
    name=$1 which=$2
    shift 2
    start=$(date +%s.%N)
    if timeout "$timeout" smpirun -no-privatize --cfg=smpi/barrier:ompi_tree \
        --cfg=smpi/reduce:binomial --cfg=smpi/simulate-computation:no --cfg=smpi/test:0 \
        --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=network/crosstraffic:0 \
        "$@" --log=root.thres:critical -platform "$dir/p.xml" -hostfile "$dir/hosts" \
        -np "$np" "$bench" --coll "$coll" --net "$net" --kind optimal --segment "$seg" \
        --window "$window" --min "$block" --max "$block" --iterations "$iter" \
        --warmup "$warmup" --which "$which" --format json > "$dir/out" 2> "$dir/err"; then
        wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {print b - a}')
        if [ "$which" = mpi ]; then
            us=$(grep -o '"builtin_avg_us":[0-9.]*' "$dir/out" | cut -d: -f2)
        else
            us=$(grep -o '"avg_us":[0-9.]*' "$dir/out" | cut -d: -f2)
            grep -q '"verified":true' "$dir/out" || name="$name (NOT VERIFIED)"
        fi
        printf '%-24s %12.1f %10.3f %8.0f\n' "$name" "$us" \
            "$(awk -v o="$opt_us" -v t="$us" 'BEGIN {print o / t}')" "$wall"
    else
        printf '%-24s %12s %10s %8s\n' "$name" "-" "-" "timeout or error"
        tail -2 "$dir/err" >&2 || true
    fi
}

if [ "${SKIP_TREECAST:-0}" != 1 ]; then
    run "treecast optimal" treecast
fi
for a in $algos; do
    if [ "$a" = default ]; then
        run "SMPI default" mpi
    else
        run "$a" mpi "--cfg=smpi/$coll:$a"
    fi
done
