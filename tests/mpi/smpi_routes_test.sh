#!/bin/sh
# Whether `treecast platform --routes COLL` makes SMPI carry the optimal schedule's message streams
# along the schedule's routes: treecast-mpi-bench-smpi times COLL with --kind optimal on the
# platform with routes, and the simulated time must be within 10% of the optimum that `treecast
# bound` proves (BYTES per block or message over the optimal rate num/den of capacity 1 = 1 GBps).
# The same run on the platform without routes (SimGrid's Dijkstra routing: one shortest path per
# pair, where streams of the schedule may collide) is printed beside it; with DIJKSTRA_MIN (a
# ratio such as 1.5) it must be at least that many times the optimum, so that the network tells
# the schedule's routes from Dijkstra's (on dragonfly:2,1,1 the allgather takes twice the
# optimum there). SMPI's corrections are turned off (bandwidth and latency factors 1, no
# cross-traffic of the acknowledgements), as in smpi_platform_test.sh, so that the times are the
# platform's.
#   usage: smpi_routes_test.sh TREECAST BENCH WORKDIR NET COLL BYTES SEGMENT [DIJKSTRA_MIN]
set -eu
treecast=$1 bench=$2 dir=$3 net=$4 coll=$5 bytes=$6 segment=$7 dmin=${8:-0}
mkdir -p "$dir"
tag=routes_$(echo "$net" | tr ':,' '__')_$coll
"$treecast" platform --net "$net" --routes "$coll" --hostfile "$dir/$tag.hosts" \
    --output "$dir/$tag.xml"
"$treecast" platform --net "$net" --output "$dir/${tag}_dijkstra.xml"
np=$(wc -l < "$dir/$tag.hosts")
# the optimal rate, "rate":{"num":N,"den":D,...}: BYTES take BYTES x D / N ns at 1 GBps
rate=$("$treecast" bound --net "$net" --coll "$coll" --format json |
    sed -n 's/.*"rate":{"num":\([0-9]*\),"den":\([0-9]*\).*/\1 \2/p')
optimum_us=$(echo "$rate" | awk -v b="$bytes" '{printf "%.3f", b * $2 / $1 / 1000}')

# The average latency (us) of treecast's COLL, every rank verified, on platform $1.
run() {
    out=$(smpirun -no-privatize --cfg=smpi/barrier:ompi_tree --cfg=smpi/reduce:binomial \
        --cfg=smpi/simulate-computation:no --cfg=smpi/test:0 --cfg=smpi/bw-factor:0:1 \
        --cfg=smpi/lat-factor:0:1 --cfg=network/crosstraffic:0 --log=root.thres:critical \
        -platform "$1" -hostfile "$dir/$tag.hosts" -np "$np" "$bench" --net "$net" \
        --coll "$coll" --kind optimal --min "$bytes" --max "$bytes" --segment "$segment" \
        --iterations 2 --warmup 1 --which treecast --format json)
    case $out in
    *'"verified":true'*) ;;
    *)
        echo "smpi_routes_test.sh: $1: not verified: $out" >&2
        exit 1
        ;;
    esac
    echo "$out" | sed -n 's/.*"avg_us":\([0-9.]*\).*/\1/p'
}

routed=$(run "$dir/$tag.xml")
dijkstra=$(run "$dir/${tag}_dijkstra.xml")
awk -v r="$routed" -v d="$dijkstra" -v o="$optimum_us" -v net="$net" -v coll="$coll" \
    -v b="$bytes" -v dmin="$dmin" 'BEGIN {
    printf "%s %s of %d bytes: optimum %.1f us; --routes %s %.1f us (%.3f x); Dijkstra %.1f us (%.3f x)\n",
        net, coll, b, o, coll, r, r / o, d, d / o
    if (!(r >= 0.99 * o && r <= 1.10 * o)) {
        print "smpi_routes_test.sh: the platform with routes is not within 10% of the optimum" > "/dev/stderr"
        exit 1
    }
    if (d < dmin * o) {
        printf "smpi_routes_test.sh: the Dijkstra platform takes less than %s x the optimum: %s no longer tells the schedule'"'"'s routes from Dijkstra'"'"'s; test another network\n", dmin, net > "/dev/stderr"
        exit 1
    }
    print "OK"
}'
