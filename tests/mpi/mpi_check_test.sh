#!/bin/sh
# treecast-mpi-check against treecast check (the same text report and JSON), and its checkpoint.
#
# usage: mpi_check_test.sh same|text TREECAST MPICHECK NET KIND PROPS -- LAUNCH...
#          for every LAUNCH word list (separated by --, e.g. `mpirun -np 2`), the text and the JSON
#          (text: the text only) of treecast-mpi-check equal check's (PROPS: --properties' list,
#          or - for the defaults)
#        mpi_check_test.sh resume TREECAST MPICHECK NET KIND DIR -- LAUNCH
#          a run stopped by --rounds 2 (exit status 5), then one killed with SIGKILL once its
#          checkpoint has a round more, each resumed: the final report equals check's
set -u
mode=$1 treecast=$2 mpicheck=$3 net=$4 kind=$5 extra=$6
shift 6
[ "$1" = -- ] && shift
fail() { echo "FAILED: $*"; exit 1; }
tmp=$(mktemp -d /tmp/treecast-mpi-check-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
props=
if [ "$mode" != resume ] && [ "$extra" != - ]; then
    props="--properties $extra"
fi
# shellcheck disable=SC2086
"$treecast" check --net "$net" --kind "$kind" $props > "$tmp/check.txt"
if [ "$mode" = same ]; then
    # shellcheck disable=SC2086
    "$treecast" check --net "$net" --kind "$kind" $props --format json > "$tmp/check.json"
fi

if [ "$mode" = same ] || [ "$mode" = text ]; then
    n=0
    while [ $# -gt 0 ]; do
        launch=
        while [ $# -gt 0 ] && [ "$1" != -- ]; do
            launch="$launch $1"
            shift
        done
        [ $# -gt 0 ] && shift
        # shellcheck disable=SC2086
        $launch "$mpicheck" --net "$net" --kind "$kind" $props > "$tmp/mpi.txt" 2> "$tmp/err" ||
            [ $? -eq 1 ] || fail "$launch: $(tail -3 "$tmp/err")"
        cmp -s "$tmp/check.txt" "$tmp/mpi.txt" || { diff "$tmp/check.txt" "$tmp/mpi.txt"; fail "$launch: the text differs"; }
        n=$((n + 1))
        echo "$launch: the same report as treecast check"
        [ "$mode" = text ] && continue
        # shellcheck disable=SC2086
        $launch "$mpicheck" --net "$net" --kind "$kind" $props --format json > "$tmp/mpi.json" 2> "$tmp/err" ||
            [ $? -eq 1 ] || fail "$launch --format json: $(tail -3 "$tmp/err")"
        cmp -s "$tmp/check.json" "$tmp/mpi.json" || fail "$launch: the JSON differs"
        echo "$launch: the same JSON document as treecast check"
    done
    echo "OK ($n launches, 0 failures)"
    exit 0
fi

[ "$mode" = resume ] || fail "unknown mode $mode"
ck=$tmp/ck
# 1. stopped after 2 rounds: status 5, the checkpoint has some blocks and not all
"$@" "$mpicheck" --net "$net" --kind "$kind" --blocks 24 --checkpoint "$ck" --rounds 2 \
    > "$tmp/out1" 2> "$tmp/err1"
st=$?
[ $st -eq 5 ] || fail "--rounds 2: status $st, not 5: $(tail -3 "$tmp/err1")"
grep -q "stopped after 2 rounds" "$tmp/err1" || fail "--rounds 2 does not say it stopped"
[ -s "$tmp/out1" ] && fail "--rounds 2 printed a report"
grep -q "^done 0-" "$ck" || fail "the checkpoint has no finished blocks"
# 2. a run killed once the checkpoint has changed again (or finished: then it is whole)
cp "$ck" "$tmp/ck.before"
"$@" "$mpicheck" --net "$net" --kind "$kind" --blocks 24 --checkpoint "$ck" > "$tmp/out2" 2>&1 &
pid=$!
i=0
while cmp -s "$ck" "$tmp/ck.before" && kill -0 $pid 2>/dev/null && [ $i -lt 600 ]; do
    sleep 0.05
    i=$((i + 1))
done
kill -9 $pid 2>/dev/null
pkill -9 -f "$mpicheck --net $net --kind $kind --blocks 24 --checkpoint $ck" 2>/dev/null
wait $pid 2>/dev/null
grep -q "^end$" "$ck" || fail "the checkpoint was left half-written"
# 3. resumed to the end: the report is check's
"$@" "$mpicheck" --net "$net" --kind "$kind" --blocks 24 --checkpoint "$ck" --progress \
    > "$tmp/out3" 2> "$tmp/err3" || [ $? -eq 1 ] || fail "the resumed run: $(tail -3 "$tmp/err3")"
grep -q "blocks from the checkpoint" "$tmp/err3" || fail "the last run did not resume"
cmp -s "$tmp/check.txt" "$tmp/out3" || { diff "$tmp/check.txt" "$tmp/out3"; fail "the resumed report differs"; }
# 4. a checkpoint of another run is refused (status 3), the file left as it was
cp "$ck" "$tmp/ck.done"
"$@" "$mpicheck" --net "$net" --kind "$kind" --blocks 23 --checkpoint "$ck" > /dev/null \
    2> "$tmp/err4"
st=$?
[ $st -eq 3 ] || fail "another run's checkpoint: status $st, not 3"
grep -q "is of another run" "$tmp/err4" || fail "another run's checkpoint: $(tail -1 "$tmp/err4")"
cmp -s "$ck" "$tmp/ck.done" || fail "the refused checkpoint was changed"
# 5. the rotation shortcut (S_n's EDTs walk one tree; the checkpoint says "mode orbits"): a
#    checkpoint whose blocks count a node where the premise failed (the report's last number)
#    has every block checked again with every tree walked, and check's report in the end; a
#    run with --every-tree refuses a checkpoint of the orbits (status 3)
if grep -q "^mode orbits$" "$tmp/ck.done"; then
    "$@" "$mpicheck" --net "$net" --kind "$kind" --blocks 24 --checkpoint "$tmp/ck.done" \
        --every-tree > /dev/null 2> "$tmp/err5"
    st=$?
    [ $st -eq 3 ] || fail "--every-tree with a checkpoint of the orbits: status $st, not 3"
    sed 's/^\(report .*\) 0$/\1 1/' "$tmp/ck.done" > "$ck"
    cmp -s "$ck" "$tmp/ck.done" && fail "could not mark the premise failed in the checkpoint"
    "$@" "$mpicheck" --net "$net" --kind "$kind" --blocks 24 --checkpoint "$ck" > "$tmp/out5" \
        2> "$tmp/err5" || [ $? -eq 1 ] || fail "the premise failed: $(tail -3 "$tmp/err5")"
    cmp -s "$tmp/check.txt" "$tmp/out5" || { diff "$tmp/check.txt" "$tmp/out5"; fail "after the premise failed, the report differs"; }
    grep -q "^mode every-tree$" "$ck" || fail "after the premise failed, the checkpoint is not of every tree"
    grep -q "^done 0-23$" "$ck" || fail "after the premise failed, not every block was checked again"
    echo "the premise failed in the checkpoint: every tree walked, the same report as treecast check"
fi
echo "stopped, killed and resumed: the same report as treecast check"
echo "OK (0 failures)"
