#!/bin/sh
# libtreecast_mpi against SMPI's built-in collectives on a simulated machine of the network's
# shape (SimGrid SMPI; docs/mpi.md). One simulation per line of the table, each with its wall
# time: treecast over the family's edge-disjoint trees (or KIND), the same code over one
# topology-aware tree (ONE_TREE: bfs on S_n, binomial on Q_n), then every built-in algorithm of
# ALGOS. Simulated latencies in us (average over ranks, and the slowest rank), the ratio of each
# to treecast's average, and the bound M/(dB) of a broadcast (d = the degree, B = 1 GBps).
#
# usage: bench/run_smpi.sh BUILD NET BYTES [COLL] [ALGOS]
#   e.g. bench/run_smpi.sh build/release star:6 1048576 bcast "ompi_split_bintree binomial_tree"
# environment: SEGMENT (8192), WINDOW (1), X (1), KIND, ONE_TREE (- for none), LINKS
#   (splitduplex|shared),
#   EXTRA (more smpirun --cfg options, e.g. --cfg=smpi/bw-factor:0:1), ITER (3), WARMUP (1),
#   TIMEOUT (seconds per simulation, 900), SKIP_TREECAST (1: the built-ins only)
set -eu
build=$1 net=$2 bytes=$3 coll=${4:-bcast}
algos=${5:-"default ompi_split_bintree scatter_rdb_allgather scatter_LR_allgather binomial_tree"}
seg=${SEGMENT:-8192} window=${WINDOW:-1} x=${X:-1} links=${LINKS:-splitduplex}
iter=${ITER:-3} warmup=${WARMUP:-1} timeout=${TIMEOUT:-900}
tool=$build/tools/treecast/treecast
bench=$build/tools/mpi-bench/treecast-mpi-bench-smpi
dir=$(mktemp -d /tmp/treecast-smpi.XXXXXX)
trap 'rm -rf "$dir"' EXIT
"$tool" platform --net "$net" --links "$links" --hostfile "$dir/hosts" --output "$dir/p.xml"
np=$(wc -l < "$dir/hosts")
family=${net%%:*}
case $family in
star) one=${ONE_TREE:-bfs} ;;
*) one=${ONE_TREE:-binomial} ;;
esac
echo "# $coll of $bytes bytes on $net ($np simulated ranks, $links 1 GBps / 1 us links), segment $seg, window $window, x $x, $iter iterations after $warmup warm-up${EXTRA:+, $EXTRA}"
printf '%-28s %12s %12s %8s %8s\n' "algorithm" "avg us" "max us" "ratio" "wall s"

# run NAME CFG WHICH [bench options...]: one simulation, one line; prints "avg max" to $dir/last
run() {
    name=$1 cfg=$2 which=$3
    shift 3
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    if timeout "$timeout" smpirun -no-privatize --cfg=smpi/barrier:ompi_tree \
        --cfg=smpi/reduce:binomial --cfg=smpi/simulate-computation:no --cfg=smpi/test:0 \
        ${EXTRA:-} $cfg --log=root.thres:critical -platform "$dir/p.xml" -hostfile "$dir/hosts" \
        -np "$np" "$bench" --coll "$coll" --net "$net" --min "$bytes" --max "$bytes" \
        --iterations "$iter" --warmup "$warmup" --which "$which" --format json "$@" \
        > "$dir/out" 2> "$dir/err"; then
        wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {print b - a}')
        if [ "$which" = mpi ]; then
            line=$(grep -o '"builtin_avg_us":[0-9.]*' "$dir/out" | cut -d: -f2)
            max=-
        else
            line=$(grep -o '"avg_us":[0-9.]*' "$dir/out" | cut -d: -f2)
            max=$(grep -o '"max_us":[0-9.]*' "$dir/out" | cut -d: -f2)
            grep -q '"verified":true' "$dir/out" || name="$name (NOT VERIFIED)"
        fi
        ref=${ref:-$line}
        printf '%-28s %12.1f %12s %8.2f %8.0f\n' "$name" "$line" "$max" \
            "$(awk -v a="$line" -v b="$ref" 'BEGIN {print a / b}')" "$wall"
    else
        printf '%-28s %12s %12s %8s %8s\n' "$name" "-" "-" "-" "timeout ${timeout}s"
    fi
}

ref=
if [ "${SKIP_TREECAST:-0}" != 1 ]; then
    run "treecast ${KIND:-default}" "" treecast --segment "$seg" --window "$window" --x "$x" \
        ${KIND:+--kind "$KIND"}
    [ "$coll" = bcast ] && [ "$one" != - ] && run "treecast, one $one tree" "" treecast \
        --segment "$seg" --window "$window" --kind "$one"
fi
for a in $algos; do
    run "$a" "--cfg=smpi/$coll:$a" mpi
done
if [ "$coll" = bcast ]; then
    deg=$("$tool" info --net "$net" | awk '/degree/ {print $2; exit}')
    awk -v m="$bytes" -v d="$deg" 'BEGIN {printf "bound M/(dB): %.1f us (degree %d)\n", m / (d * 1000), d}'
fi
