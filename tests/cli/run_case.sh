#!/bin/sh
# run_case.sh -- run one treecast command-line golden case.
#
# usage: run_case.sh TREECAST CASE_DIR NAME
#
# A case is a group of files CASE_DIR/NAME.*:
#   NAME.cmd     required; its first line is the command line.  Either the
#                arguments after `treecast` (shell quoting applies, e.g.
#                --root ""), or, when the first word is `sh:`, a small shell
#                snippet run by /bin/sh in which `treecast` and `python3` are
#                on PATH (e.g. `sh: treecast trees ... | python3 ...`).
#                Placeholders: {tmp} is a fresh empty directory, removed
#                afterwards; {src} is the source root.  Both are substituted
#                as "$CASE_TMP" / "$CASE_SRC", so do not put them inside
#                single quotes.  The command runs with the source root as
#                the working directory, so data files can be named
#                relatively (tests/cli/data/s4_edt.json) and treecast's
#                messages stay free of machine-dependent paths.
#   NAME.status  required; the expected exit status (a number).
#   NAME.out     optional; stdout must match it byte for byte.
#   NAME.err     optional; text (fixed string, first line) that stderr must
#                contain.
#   NAME.known_bug  optional; read by CMakeLists.txt only: the case is
#                registered but DISABLED, the file says why.
# stderr rules: status 2, 3 or 4: exactly one line, starting with "treecast"
# (status 2: it also contains the hint "(try 'treecast").  Status 0 or 1:
# stderr must be empty (this also catches sanitizer reports).
#
# UPDATE_GOLDEN=1 run_case.sh ...  rewrites NAME.out with the actual stdout
# (only when NAME.out already exists: `touch NAME.out` to create a new golden)
# and then still checks the status and stderr.  Through ctest:
#   UPDATE_GOLDEN=1 ctest --preset dev -L cli
# Review the resulting `git diff tests/cli/cases` before committing.
#
# Environment: TREECAST_SRC overrides the source root (default: three levels
# above CASE_DIR); PYTHON3 names the python3 to put on PATH for sh: cases.
#
# Exit status: 0 the case passes, 1 it fails (a unified diff or the reason is
# printed), 2 the case itself is broken (missing files, bad usage).

set -u
LC_ALL=C
export LC_ALL

if [ $# -ne 3 ]; then
    echo "usage: run_case.sh TREECAST CASE_DIR NAME" >&2
    exit 2
fi
TREECAST=$1
CASE_DIR=$2
NAME=$3
CASE_DIR=$(cd "$CASE_DIR" 2>/dev/null && pwd) || {
    echo "run_case.sh: no case directory $2" >&2
    exit 2
}
base=$CASE_DIR/$NAME

case $TREECAST in
    /*) ;;
    *) TREECAST=$(pwd)/$TREECAST ;;
esac
if [ ! -x "$TREECAST" ]; then
    echo "run_case.sh: $TREECAST is not an executable" >&2
    exit 2
fi
if [ ! -f "$base.cmd" ] || [ ! -f "$base.status" ]; then
    echo "run_case.sh: $base.cmd and $base.status are both required" >&2
    exit 2
fi
expected_status=$(tr -d ' \t\r\n' <"$base.status")
case $expected_status in
    '' | *[!0-9]*)
        echo "run_case.sh: $base.status must hold a number" >&2
        exit 2
        ;;
esac

CASE_SRC=${TREECAST_SRC:-$(cd "$CASE_DIR/../../.." && pwd)}
work=$(mktemp -d "${TMPDIR:-/tmp}/treecast-cli.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT HUP INT TERM
CASE_TMP=$work/tmp
mkdir "$CASE_TMP" "$work/bin" || exit 2
ln -s "$TREECAST" "$work/bin/treecast" || exit 2
if [ -n "${PYTHON3:-}" ] && [ -x "$PYTHON3" ]; then
    ln -s "$PYTHON3" "$work/bin/python3" || exit 2
fi
export CASE_TMP CASE_SRC

# subst TEXT PATTERN REPLACEMENT: replace every PATTERN (literal) in TEXT.
subst() {
    s_in=$1
    s_out=
    while :; do
        case $s_in in
            *"$2"*)
                s_out=$s_out${s_in%%"$2"*}$3
                s_in=${s_in#*"$2"}
                ;;
            *) break ;;
        esac
    done
    printf '%s' "$s_out$s_in"
}

line=$(sed -n '1{s/\r$//;p;q;}' "$base.cmd")
# shellcheck disable=SC2016 # expanded later, by eval or sh -c
line=$(subst "$line" '{tmp}' '"$CASE_TMP"')
# shellcheck disable=SC2016
line=$(subst "$line" '{src}' '"$CASE_SRC"')

cd "$CASE_SRC" || exit 2
case $line in
    'sh:'*)
        snippet=${line#sh:}
        PATH=$work/bin:$PATH /bin/sh -c "$snippet" >"$work/stdout" 2>"$work/stderr" </dev/null
        status=$?
        ;;
    *)
        eval "set -- $line" || {
            echo "run_case.sh: cannot parse $base.cmd" >&2
            exit 2
        }
        "$TREECAST" "$@" >"$work/stdout" 2>"$work/stderr" </dev/null
        status=$?
        ;;
esac

fail=0
say() { printf '%s\n' "cli.$NAME: $*"; }

if [ "$status" -ne "$expected_status" ]; then
    say "exit status $status, expected $expected_status"
    fail=1
fi

# A treecast JSON document on stdout must parse, whatever the golden says (not for sh: cases,
# whose stdout may mix documents and text).
if [ -n "${PYTHON3:-}" ] && [ -x "$PYTHON3" ] && [ "${line#sh:}" = "$line" ] &&
    [ "$(head -c 18 "$work/stdout")" = '{"format_version":' ]; then
    if ! "$PYTHON3" -c 'import json, sys; json.load(sys.stdin)' <"$work/stdout" 2>/dev/null; then
        say "stdout is not valid JSON"
        fail=1
    fi
fi

if [ -f "$base.out" ]; then
    if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
        if ! cmp -s "$work/stdout" "$base.out"; then
            cp "$work/stdout" "$base.out" || exit 2
            say "updated $base.out"
        fi
    elif ! cmp -s "$base.out" "$work/stdout"; then
        say "stdout differs from $NAME.out (--- expected, +++ actual):"
        diff -u "$base.out" "$work/stdout" | sed "1s|.*|--- $NAME.out|;2s|.*|+++ stdout|"
        fail=1
    fi
fi

nlines=$(wc -l <"$work/stderr" | tr -d ' ')
nbytes=$(wc -c <"$work/stderr" | tr -d ' ')
first=$(sed -n 1p "$work/stderr")
case $expected_status in
    2 | 3 | 4)
        # exactly one newline-terminated, non-empty line
        if [ "$nlines" -ne 1 ] || [ "$nbytes" -ne $((${#first} + 1)) ] || [ -z "$first" ]; then
            say "stderr should be exactly one line; it has $nlines line(s), $nbytes bytes"
            fail=1
        fi
        case $first in
            treecast*) ;;
            *)
                say "the stderr line should start with \"treecast\""
                fail=1
                ;;
        esac
        if [ "$expected_status" -eq 2 ]; then
            case $first in
                *"(try 'treecast"*) ;;
                *)
                    say "a misuse message should carry the hint \"(try 'treecast ... --help')\""
                    fail=1
                    ;;
            esac
        fi
        ;;
    *)
        if [ "$nbytes" -ne 0 ]; then
            say "stderr should be empty"
            fail=1
        fi
        ;;
esac
if [ -f "$base.err" ]; then
    want=$(sed -n '1{s/\r$//;p;q;}' "$base.err")
    case $first in
        *"$want"*) ;;
        *)
            say "the stderr line does not contain: $want"
            fail=1
            ;;
    esac
fi

if [ "$fail" -ne 0 ]; then
    echo "command: $line"
    echo "--- stderr (${nbytes} bytes) ---"
    head -c 4000 "$work/stderr"
    echo "--- end of stderr ---"
    exit 1
fi
exit 0
