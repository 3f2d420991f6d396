#!/bin/sh
# Every kind of document treecast writes, parsed by a strict parser (check_docs.py): the JSON of
# every command that has --format json (networks of every family, with faults and campaigns),
# the SimGrid platforms (XML) of every family and option, the forest documents, the schedule
# viewer (HTML with inline SVG) and the whole web report of `reproduce --quick` (HTML, SVG, JSON).
# usage: writers_test.sh TREECAST SRC_DIR WORK_DIR PYTHON3
set -u
tc=$1 src=$2 work=$3 py=$4
rm -rf "$work" && mkdir -p "$work/d" || exit 1
cd "$src" || exit 1
d=$work/d
n=0
# run NAME ARGS...: treecast ARGS > d/NAME; the command itself must succeed (status 0 or 1).
run() {
    name=$1
    shift
    n=$((n + 1))
    "$tc" "$@" >"$d/$name" 2>"$work/err"
    s=$?
    if [ $s -gt 1 ]; then
        echo "FAIL: treecast $* exited $s: $(head -1 "$work/err")"
        exit 1
    fi
}
for net in star:4 cube:3 icube:3,1 bubble:4 pancake:4 torus:2,3 fcube:3 graph:tests/cli/data/petersen.edges; do
    tag=$(printf '%s' "$net" | tr -c 'a-z0-9' '_')
    run "info-$tag.json" info --net "$net" --format json
    run "trees-$tag.json" trees --net "$net" --kind bfs --format json
    run "check-$tag.json" check --net "$net" --kind bfs --format json
    run "sim-$tag.json" sim bcast --net "$net" --kind bfs --format json
    run "platform-$tag.xml" platform --net "$net"
    run "platform-shared-$tag.xml" platform --net "$net" --links shared --bandwidth 10GBps \
        --latency 2us --speed 2Gf
done
run trees-s4-edt-labels.json trees --net star:4 --kind edt --format json
run check-s5-edt.json check --net star:5 --kind edt --format json
run check-input.json check --input tests/cli/data/s4_edt.json --format json
run necklaces.json necklaces --net star:5 --format json
run route.json route --net star:5 --from 12345 --to 54321 --format json
run route-faults.json route --net star:4 --from 1234 --to 3214 --fault link:1234:3 --format json
run bounds.json bounds --net star:5 --format json
run balance.json balance --net cube:6 --kind sbnt-minr --format json
run table.json table 001:2 --format json
run search.json search --net cube:3 --trees 2 --format json
run sim-ft.json sim ft-bcast --net star:5 --kind edt --faults nodes:2 --trials 20 --seed 3 --format json
run sim-multinode.json sim multinode --net star:4 --format json
run sim-route.json sim route-campaign --net star:5 --faults links:2 --trials 10 --format json
run sim-compare.json sim bcast-compare --net star:5 --faults nodes:2 --trials 5 --format json
run sim-tseng.json sim alltoall-tseng --net star:4 --k 2 --format json
"$tc" platform --net star:4 --hostfile "$work/hosts" --output "$d/platform-hostfile.xml" ||
    { echo "FAIL: platform --output"; exit 1; }
"$tc" sim bcast --net star:4 --kind edt --faults links:2 --seed 1 --trace "$d/trace.html" \
    >/dev/null || { echo "FAIL: sim --trace"; exit 1; }
"$tc" sim ft-bcast --net cube:4 --kind ist --faults nodes:2 --seed 1 --trace "$d/trace-cube.html" \
    >/dev/null || { echo "FAIL: sim --trace (cube)"; exit 1; }
"$tc" reproduce --quick --quiet --out "$d/reproduce" || { echo "FAIL: reproduce"; exit 1; }
echo "$n command outputs, 4 files and a report written"
"$py" "$src/tests/wellformed/check_docs.py" "$d"
