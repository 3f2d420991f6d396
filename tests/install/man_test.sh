#!/bin/sh
# man_test.sh TOOL MAN1_DIR: one page per command (treecast --list commands) and one for the
# tool; each renders with man and says what the tool's --help says: every word of the help, as
# often, is in the page, so the conversion (tools/treecast/help2man.py) lost nothing.
tool=$1
dir=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C MANWIDTH=400 GROFF_NO_SGR=1
# The words of a text, one a line, sorted; lower case and without a final colon, as the
# section headings have them ("exit status:" is EXIT STATUS).
words() { tr -s ' \t' '\n\n' | sed -e 's/:$//' -e '/^$/d' | tr 'A-Z' 'a-z' | sort; }
failed=0
for cmd in "" $("$tool" --list commands); do
    name=treecast${cmd:+-$cmd}
    if [ ! -f "$dir/$name.1" ]; then
        echo "FAIL $name: no page $dir/$name.1"
        failed=1
        continue
    fi
    man -l -P cat "$dir/$name.1" 2>&1 | sed 's/.\x08//g' >"$tmp/page"
    "$tool" $cmd --help | sed 's/^usage: //' >"$tmp/help" # usage: is the page's SYNOPSIS
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
done
exit $failed
