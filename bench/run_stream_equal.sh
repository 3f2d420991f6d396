#!/bin/sh
# The streaming check against the materialized one on every case of issue 29's item 1: S_4..S_10
# and Q_4..Q_20, every kind with a rule, the default properties of `treecast check`, identity root
# and a seeded random one; one line per case: the same JSON document, or DIFFERENT. (make test
# runs a subset under the sanitizers: tests/cli/cases/check_stream_equals_*.)
# usage: bench/run_stream_equal.sh BUILD [NETS]   e.g. bench/run_stream_equal.sh build/release
set -u
tool=$1/tools/treecast/treecast
nets=${2:-"star:4 star:5 star:6 star:7 star:8 star:9 star:10 cube:4 cube:5 cube:6 cube:7 cube:8 cube:9 cube:10 cube:11 cube:12 cube:13 cube:14 cube:15 cube:16 cube:17 cube:18 cube:19 cube:20"}
tmp=$(mktemp -d /tmp/treecast-stream-equal.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
same=0 different=0
for net in $nets; do
    case $net in
    star:*) kinds="edt spg spt bfs" ;;
    *) kinds="binomial sbnt-minr sbnt-maxl sbnt-minbl sbnt-maxbr sbg nedst nedst-pivoted ist ist-hdls" ;;
    esac
    for kind in $kinds; do
        for root in identity random; do
            start=$(date +%s.%N)
            "$tool" check --net "$net" --kind "$kind" --root $root --seed 29 --format json --materialize > "$tmp/a.json"
            mid=$(date +%s.%N)
            "$tool" check --net "$net" --kind "$kind" --root $root --seed 29 --format json --stream > "$tmp/b.json"
            end=$(date +%s.%N)
            if cmp -s "$tmp/a.json" "$tmp/b.json"; then
                verdict="the same report"
                same=$((same + 1))
            else
                verdict=DIFFERENT
                different=$((different + 1))
            fi
            printf '%-9s %-14s %-8s %-16s materialized %6.2f s, streaming %6.2f s\n' "$net" "$kind" \
                "$root" "$verdict" "$(echo "$mid - $start" | bc)" "$(echo "$end - $mid" | bc)"
        done
    done
done
echo "$same the same, $different different"
[ "$different" -eq 0 ]
