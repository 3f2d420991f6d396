#!/bin/sh
# man_test.sh TOOL MAN1_DIR [PROGRAM PAGE]...: one page per command (treecast --list commands)
# and one for the tool, and the PAGE of each other PROGRAM (treecast-mpi-bench,
# treecast-mpi-check: tools/mpi-bench/help2man_bench.py); each renders with man and says what
# its --help says: every word of the help, as often, is in the page, so the conversion
# (tools/treecast/help2man.py) lost nothing. A page missing fails.
tool=$1
dir=$2
shift 2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C MANWIDTH=400 GROFF_NO_SGR=1
# The words of a text, one a line, sorted; lower case and without a final colon, as the
# section headings have them ("exit status:" is EXIT STATUS).
words() { tr -s ' \t' '\n\n' | sed -e 's/:$//' -e '/^$/d' | tr 'A-Z' 'a-z' | sort; }
failed=0
# check NAME PAGE HELP-COMMAND...
check() {
    name=$1
    page=$2
    shift 2
    if [ ! -f "$page" ]; then
        echo "FAIL $name: no page $page"
        failed=1
        return
    fi
    man -l -P cat "$page" 2>&1 | sed 's/.\x08//g' >"$tmp/page"
    "$@" --help | sed 's/^usage: //' >"$tmp/help" # usage: is the page's SYNOPSIS
    words <"$tmp/page" >"$tmp/page.words"
    missing=$(words <"$tmp/help" | comm -23 - "$tmp/page.words")
    if [ -n "$missing" ]; then
        echo "FAIL $name: words of --help missing from the page:" $missing
        failed=1
    elif ! grep -q "^NAME" "$tmp/page" || ! grep -q "^     *$name - " "$tmp/page"; then
        echo "FAIL $name: no NAME section naming $name"
        failed=1
    else
        echo "ok   $name: $(wc -l <"$tmp/page") lines, every word of its --help"
    fi
}
for cmd in "" $("$tool" --list commands); do
    check "treecast${cmd:+-$cmd}" "$dir/treecast${cmd:+-$cmd}.1" "$tool" $cmd
done
while [ $# -ge 2 ]; do
    check "$(basename "$1")" "$2" "$1"
    shift 2
done
exit $failed
