#!/bin/sh
# help_examples.sh (run by the case help_examples_run): `treecast --help` and the help of every
# command (treecast --list commands) have an "examples:" block, and every example in it runs as
# printed, with status 0 (or 1, a claim that fails is a result), in a scratch directory where
# tests/ is the source tree's (the examples that read a file name one there). Prints one line a
# command with its count of examples; a FAIL line for anything else, then exit 1.
src=$(pwd)
cd "${CASE_TMP:-${TMPDIR:-/tmp}}" || exit 2
ln -s "$src/tests" tests || exit 2
failed=0
fail() { echo "FAIL $*"; failed=1; }
for cmd in "" $(treecast --list commands); do
    if [ -z "$cmd" ]; then name=treecast; else name="treecast $cmd"; fi
    # shellcheck disable=SC2086 # no command: the top-level help
    treecast $cmd --help >help || { fail "$name --help exits $?"; continue; }
    sed -n '/^examples:$/,/^$/s/^  \(treecast .*\)$/\1/p' help >examples
    n=$(wc -l <examples)
    [ "$n" -gt 0 ] || { fail "$name --help has no examples"; continue; }
    while IFS= read -r line; do
        sh -c "$line" >out 2>err </dev/null
        s=$?
        if [ $s -gt 1 ]; then
            fail "$line: status $s: $(head -1 err)"
        elif [ ! -s out ] && [ ! -d r ]; then
            fail "$line: printed nothing"
        fi
        rm -rf r
    done <examples
    echo "$name: $n examples run"
done
exit $failed
