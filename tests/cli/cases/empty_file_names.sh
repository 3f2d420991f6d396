#!/bin/sh
# empty_file_names.sh (run by the case empty_file_names_refused): every option of every command
# whose argument is a FILE or a DIR (by its --help) refuses an empty name before any work:
# exit 2, one line "--OPT needs a file name, not an empty one" (or directory), nothing written.
# Prints one line a command with the options it tried; a FAIL line for anything else, exit 1.
cd "${CASE_TMP:-${TMPDIR:-/tmp}}" || exit 2
failed=0
fail() { echo "FAIL $*"; failed=1; }
for cmd in $(treecast --list commands); do
    opts=$(treecast "$cmd" --help | sed -n 's/^  \(--[a-z-]*\) \(FILE\|DIR\) .*/\1/p')
    [ -n "$opts" ] || continue
    for o in $opts; do
        treecast "$cmd" "$o" "" >out 2>err </dev/null
        s=$?
        if [ $s -ne 2 ] || ! grep -q -- "$o needs a [a-z]* name, not an empty one" err ||
            [ "$(wc -l <err)" -ne 1 ] || [ -s out ]; then
            fail "$cmd $o '': status $s: $(head -1 err)"
        fi
    done
    [ -z "$(ls -A | grep -v '^out$' | grep -v '^err$')" ] || fail "$cmd: wrote $(ls -A)"
    echo "$cmd:" $opts
done
exit $failed
