#!/bin/sh
# The regression guard can fail: a copy of the expectation with one cell's value changed (the
# first cell of paper 002, the quickest page) must make `treecast reproduce --expect` exit 1 and
# name that cell; the unchanged expectation must pass on the same page.
# usage: guard_test.sh TREECAST EXPECTED WORKDIR
set -u
tc=$1 expected=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
line=$(grep -m1 '^002/' "$expected") || { echo "no cell of paper 002 in $expected"; exit 1; }
id=$(printf '%s\n' "$line" | cut -f1)
awk -F'\t' -v OFS='\t' -v id="$id" '$1 == id { $3 = $3 "9" } { print }' "$expected" >"$work/wrong.tsv"
cmp -s "$expected" "$work/wrong.tsv" && { echo "the copy was not changed"; exit 1; }

"$tc" reproduce --quick --quiet --paper 002 --out "$work/right" --expect "$expected"
status=$?
[ $status -eq 0 ] || { echo "FAIL: the committed expectation gives status $status"; exit 1; }

"$tc" reproduce --quick --quiet --paper 002 --out "$work/wrong" --expect "$work/wrong.tsv" \
    2>"$work/err"
status=$?
cat "$work/err"
[ $status -eq 1 ] || { echo "FAIL: a changed expectation gives status $status, not 1"; exit 1; }
grep -qF "$id: expected" "$work/err" || { echo "FAIL: the changed cell $id is not named"; exit 1; }
[ "$(grep -c ': expected' "$work/err")" -eq 1 ] || { echo "FAIL: other cells reported"; exit 1; }
echo "ok: the changed cell $id is reported, status 1"
