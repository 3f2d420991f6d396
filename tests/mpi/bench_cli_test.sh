#!/bin/sh
# bench_cli_test.sh MODE BENCH PAGE MPIEXEC NPFLAG [LAUNCHER FLAGS...]: treecast-mpi-bench as a
# tool (tests/mpi/CMakeLists.txt runs each MODE as a ctest, label mpi). BENCH is the program,
# PAGE its generated man page ("-": none), MPIEXEC NPFLAG N [FLAGS] BENCH ... how it is launched
# (Open MPI: --oversubscribe and -q, so that the launcher adds no lines of its own to stderr).
#   info        --help and --version: status 0, stdout, once under the launcher, no MPI needed
#   errors      each bad option: status 2, nothing on stdout, one line on stderr naming the
#               option and the value (quoted)
#   setup       options treecast cannot set up on the ranks: status 2, one line naming them,
#               no header and no data row
#   format      OSU's layout: header lines start with '#', the last names the columns (no
#               spaces: as many names as a row has fields), a row per size, verified; --net=NET
#               accepted; --which mpi and json too
#   iterations  OSU's default counts (1000 up to 8192 bytes, 100 above), --iterations at every size
#   warning     more ranks than cores: one warning line on stderr, status 0; none otherwise
#   man         the page renders and holds every word of --help
set -u
mode=$1 bench=$2 page=$3 mpiexec=$4 npflag=$5
shift 5
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() {
    echo "FAIL $*"
    failed=1
}
ok() { echo "ok   $*"; }

# launch N ARGS...: the bench on N ranks; $tmp/out, $tmp/err, $rc
launch() {
    np=$1
    shift
    # shellcheck disable=SC2086 # the launcher's flags are words
    "$mpiexec" "$npflag" "$np" $flags "$bench" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
}
flags="$*"

# one_error STATUS ARGS... -- WORDS...: the run fails with STATUS, prints nothing on stdout and
# one line on stderr, "treecast-mpi-bench: ..." holding every WORD.
one_error() {
    want=$1
    shift
    args=
    while [ "$1" != -- ]; do
        args="$args $1"
        shift
    done
    shift
    # shellcheck disable=SC2086 # the arguments are words
    launch 2 $args
    what="treecast-mpi-bench$args"
    lines=$(wc -l <"$tmp/err")
    if [ "$rc" != "$want" ]; then
        fail "$what: exit status $rc, expected $want; stderr: $(head -c 300 "$tmp/err")"
        return
    elif [ -s "$tmp/out" ]; then
        fail "$what: stdout not empty: $(head -c 200 "$tmp/out")"
        return
    elif [ "$lines" != 1 ] || ! grep -q '^treecast-mpi-bench: ' "$tmp/err"; then
        fail "$what: $lines lines on stderr, expected one 'treecast-mpi-bench: ...': $(head -c 300 "$tmp/err")"
        return
    fi
    for w in "$@"; do
        if ! grep -qF -- "$w" "$tmp/err"; then
            fail "$what: the error does not name $w: $(cat "$tmp/err")"
            return
        fi
    done
    ok "$what: $want, $(cat "$tmp/err")"
}

# check_table FILE: OSU's layout; prints the number of rows, fails otherwise.
check_table() {
    awk '
        /^#/ { if (rows) { print "a # line after a row: " $0; bad = 1 } last = $0; heads++; next }
        /^[0-9]/ {
            if (!rows) {
                n = split(last, names, " ")
                if (names[1] != "#" || names[2] != "Size") { print "the last header line does not name the columns: " last; bad = 1 }
            }
            rows++
            if (NF != n - 1) { print "a row of " NF " fields under " n - 1 " column names: " $0; bad = 1 }
            next
        }
        { print "neither a header line nor a row: " $0; bad = 1 }
        END { if (!heads || !rows) { print "no header or no row"; bad = 1 } if (bad) exit 1; print rows }
    ' "$1"
}

case $mode in
info)
    for opt in --help --version; do
        "$bench" $opt >"$tmp/out" 2>"$tmp/err" </dev/null
        rc=$?
        if [ "$rc" != 0 ] || [ -s "$tmp/err" ] || [ ! -s "$tmp/out" ]; then
            fail "treecast-mpi-bench $opt: status $rc, stderr '$(head -c 200 "$tmp/err")'"
        else
            ok "treecast-mpi-bench $opt: status 0, $(wc -l <"$tmp/out") lines"
        fi
    done
    "$bench" --help >"$tmp/help" 2>/dev/null
    for w in "^usage: treecast-mpi-bench " "^  --iterations I " "^examples:" "^    mpiexec -n " "^exit status: "; do
        grep -q -- "$w" "$tmp/help" || fail "--help has no line '$w'"
    done
    "$bench" --version 2>/dev/null | grep -qE '^treecast-mpi-bench [0-9]+\.[0-9]+\.[0-9]+$' ||
        fail "--version is not 'treecast-mpi-bench X.Y.Z': $("$bench" --version 2>&1 | head -c 200)"
    launch 2 --net cube:1 --help
    n=$(grep -c '^usage: ' "$tmp/out")
    if [ "$rc" != 0 ] || [ "$n" != 1 ]; then
        fail "mpiexec -n 2 treecast-mpi-bench --help: status $rc, $n copies of the usage"
    else
        ok "mpiexec -n 2 treecast-mpi-bench --help: status 0, printed once"
    fi
    ;;
errors)
    one_error 2 --format xml -- '--format' '"xml"'
    one_error 2 --format=xml -- '--format' '"xml"'
    one_error 2 --which nobody -- '--which' '"nobody"'
    one_error 2 --coll nobody -- '--coll' '"nobody"'
    one_error 2 --iterations 0 -- '--iterations' '"0"'
    one_error 2 --iterations 3000000000 -- '--iterations' '"3000000000"'
    one_error 2 --iterations 1e3 -- '--iterations' '"1e3"'
    one_error 2 --warmup -1 -- '--warmup' '"-1"'
    one_error 2 --root 4294967297 -- '--root' '"4294967297"'
    one_error 2 --root 2 -- '--root' '"2"'
    one_error 2 --root=-1 -- '--root' '"-1"'
    one_error 2 --max 2147483648 -- '--max' '"2147483648"'
    one_error 2 --min 8 --max 4 -- '--min 8' '--max 4'
    one_error 2 --segment 0 -- '--segment' '"0"'
    one_error 2 --x 0 -- '--x' '"0"'
    one_error 2 --window 99999999999999999999 -- '--window' '"99999999999999999999"'
    one_error 2 --net -- '--net'
    one_error 2 --net --max 4 -- '--net'
    one_error 2 --net= -- '--net'
    one_error 2 --bogus 1 -- '"--bogus"'
    one_error 2 stray -- '"stray"'
    ;;
setup)
    # star:3 has 6 nodes: not a network of 2 ranks.
    one_error 2 --net star:3 -- '--net star:3' 'star:3'
    one_error 2 --net=star:3 --coll alltoall -- '--net star:3' 'alltoall'
    one_error 2 --net cube:1 --kind nobody -- '--kind nobody' 'nobody'
    one_error 2 --net cube:1 --x 2 -- '--x 2'
    ;;
format)
    # --net=NET (GNU's form) accepted; sizes 0, 1, 2, ... 16384: 16 rows.
    launch 2 --net=cube:1 --min 0 --max 16384 --iterations 2 --warmup 1
    rows=$(check_table "$tmp/out")
    if [ "$rc" != 0 ]; then
        fail "--net=cube:1: status $rc: $(head -c 300 "$tmp/err")"
    elif [ "$rows" != 16 ]; then
        fail "--net=cube:1: not OSU's layout with 16 rows: $rows"
    elif [ "$(awk '/^[0-9]/ && $NF != "yes"' "$tmp/out")" ]; then
        fail "--net=cube:1: a row not verified: $(awk '/^[0-9]/ && $NF != "yes"' "$tmp/out")"
    else
        ok "--net=cube:1: $(grep -c '^#' "$tmp/out") header lines, 16 rows verified"
        sed -n '1,6p' "$tmp/out"
    fi
    grep '^# Size' "$tmp/out" | grep -q 'Avg_Latency(us)' || fail "no Avg_Latency(us) column"
    for which in mpi treecast; do
        launch 2 --net cube:1 --coll allgather --max 64 --iterations 2 --warmup 1 --which $which
        rows=$(check_table "$tmp/out")
        if [ "$rc" != 0 ] || [ "$rows" != 7 ]; then
            fail "--which $which: status $rc, $rows"
        else
            ok "--which $which: 7 rows, '-' for the other side"
        fi
    done
    launch 2 --net cube:1 --coll scatter --root 1 --max 64 --iterations 2 --warmup 1 --format json
    if [ "$rc" != 0 ]; then
        fail "--format json: status $rc"
    elif command -v python3 >/dev/null 2>&1; then
        if python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["rows"]) == 7 and all(r["verified"] is True for r in d["rows"]), d
assert d["root"] == 1 and d["iterations"] == 2 and d["warmup"] == 1, d' "$tmp/out"; then
            ok "--format json: parsed, 7 rows verified"
        else
            fail "--format json: $(head -c 300 "$tmp/out")"
        fi
    fi
    ;;
iterations)
    launch 2 --net cube:1 --min 4096 --max 16384
    if [ "$rc" != 0 ]; then
        fail "OSU's defaults: status $rc: $(head -c 300 "$tmp/err")"
    fi
    got=$(awk '/^[0-9]/ {printf "%s:%s ", $1, $(NF - 1)}' "$tmp/out")
    [ "$got" = "4096:1000 8192:1000 16384:100 " ] || fail "OSU's default iterations: '$got', expected 4096:1000 8192:1000 16384:100"
    grep -q '^# 1000 iterations after 200 warm-up, 100 after 10 above 8192 bytes' "$tmp/out" ||
        fail "the header does not state OSU's counts: $(grep '^#' "$tmp/out" | head -5)"
    [ "$failed" = 0 ] && ok "OSU's defaults: $got"
    launch 2 --net cube:1 --min 4096 --max 16384 --iterations 3 --warmup 1
    got=$(awk '/^[0-9]/ {printf "%s:%s ", $1, $(NF - 1)}' "$tmp/out")
    if [ "$rc" != 0 ] || [ "$got" != "4096:3 8192:3 16384:3 " ]; then
        fail "--iterations 3: status $rc, '$got'"
    else
        ok "--iterations 3: $got"
    fi
    ;;
warning)
    cores=$(getconf _NPROCESSORS_ONLN)
    if [ "$cores" -lt 16 ]; then
        np=$((cores + 1))
        launch "$np" --which mpi --max 1 --iterations 1 --warmup 0
        n=$(grep -c '^treecast-mpi-bench: warning: ' "$tmp/err")
        if [ "$rc" != 0 ] || [ "$n" != 1 ] || [ "$(grep -vc '^treecast-mpi-bench: warning: ' "$tmp/err")" != 0 ]; then
            fail "$np ranks on $cores cores: status $rc, $n warnings: $(head -c 300 "$tmp/err")"
        else
            ok "$np ranks on $cores cores: status 0, $(cat "$tmp/err")"
        fi
    else
        echo "skip $cores cores: no oversubscribed run"
    fi
    launch 1 --which mpi --max 1 --iterations 1 --warmup 0
    if [ "$rc" != 0 ] || [ -s "$tmp/err" ]; then
        fail "1 rank: status $rc, stderr '$(head -c 300 "$tmp/err")'"
    else
        ok "1 rank on $cores cores: no warning"
    fi
    ;;
man)
    if [ "$page" = - ] || [ ! -f "$page" ]; then
        fail "no man page '$page'"
    else
        export LC_ALL=C MANWIDTH=400 GROFF_NO_SGR=1
        words() { tr -s ' \t' '\n' | sed -e 's/:$//' -e '/^$/d' | tr '[:upper:]' '[:lower:]' | sort; }
        man -l -P cat "$page" 2>&1 | sed 's/.\x08//g' >"$tmp/page"
        "$bench" --help | sed 's/^usage: //' | words >"$tmp/help.words"
        words <"$tmp/page" >"$tmp/page.words"
        missing=$(comm -23 "$tmp/help.words" "$tmp/page.words")
        if [ -n "$missing" ]; then
            fail "words of --help missing from the page: $(echo "$missing" | tr '\n' ' ')"
        elif ! grep -q '^ *treecast-mpi-bench - ' "$tmp/page" || ! grep -q '^EXAMPLES' "$tmp/page"; then
            fail "no NAME line or no EXAMPLES section"
        else
            ok "$page: $(wc -l <"$tmp/page") lines, every word of --help"
        fi
    fi
    ;;
*)
    echo "bench_cli_test.sh: unknown mode $mode" >&2
    exit 2
    ;;
esac
exit $failed
