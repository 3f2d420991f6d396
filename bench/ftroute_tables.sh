#!/usr/bin/env bash
# The tables of docs/collectives.md, "Broadcast on a faulty star graph" (issue 16): the
# fault-tolerant routing of S_5..S_8 (treecast sim route-campaign) and the broadcasts built on it
# beside paper 000's over the x EDTs (treecast sim bcast-compare), for fault counts up to
# 2(n-1), every run seeded. Prints the markdown, or with --update FILE replaces the text between
# the markers <!-- ftroute-tables begin --> and <!-- ftroute-tables end --> in FILE.
# usage: bench/ftroute_tables.sh [BUILD_DIR] [--update FILE]        (default build/release)
set -euo pipefail
build=build/release
update=
while [ $# -gt 0 ]; do
    case $1 in
    --update) update=$2; shift 2 ;;
    *) build=$1; shift ;;
    esac
done
treecast=$(realpath "$build/tools/treecast/treecast")
[ -x "$treecast" ] || { echo "ftroute_tables: $treecast not built" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# fault counts: every one from 0 to n-2, then n-1 and 2(n-1)
for n in 5 6 7 8; do
    for kind in links nodes; do
        for f in $(seq 0 $((n - 2))) $((n - 1)) $((2 * (n - 1))); do
            [ "$kind" = nodes ] && [ "$f" = 0 ] && continue
            spec=$([ "$f" = 0 ] && echo "" || echo "--faults $kind:$f")
            # shellcheck disable=SC2086
            "$treecast" sim route-campaign --net star:$n $spec --trials 200 --pairs 50 --seed 1 \
                --format json --quiet >"$work/route-$n-$kind-$f.json"
            trials=$(case $n in 5) echo 200 ;; 6) echo 100 ;; 7) echo 40 ;; *) echo 20 ;; esac)
            # shellcheck disable=SC2086
            "$treecast" sim bcast-compare --net star:$n $spec --trials "$trials" --seed 1 \
                --format json --quiet >"$work/bcast-$n-$kind-$f.json"
        done
    done
done

/usr/bin/python3 - "$work" "$treecast" >"$work/tables.md" <<'EOF'
import glob, json, os, sys
work, treecast = sys.argv[1], os.path.basename(sys.argv[2])
def load(prefix):
    out = {}
    for p in glob.glob(os.path.join(work, prefix + '-*.json')):
        _, n, kind, f = os.path.basename(p)[:-5].split('-')
        out[(int(n), kind, int(f))] = json.load(open(p))
    return out
def order(k):
    return (k[0], k[1] != 'links', k[2])
route, bcast = load('route'), load('bcast')
def label(n, kind, f):
    return 'none' if f == 0 else f'{f} {kind}'
print('Routing: `treecast sim route-campaign --net star:N --faults KIND:F --trials 200 --pairs 50'
      ' --seed 1` (10,000 routes per row; a faulty destination is unreachable). Stretch is the'
      ' delivered route over the oracle\'s shortest path over the links that work both ways (a'
      ' one-way fault takes its link out both ways, for the routing as for the oracle);'
      ' "crossed" counts every link the message crossed, backtracks included.')
print()
print('| S_n | faults | delivered / reachable | returned / unreachable | shortest | stretch med / max'
      ' | crossed stretch med / max | backtracks med / max | links crossed max | header bits med / max |')
print('|---|---|---|---|---|---|---|---|---|---|')
for k in sorted(route, key=order):
    r = route[k]
    unreach = r['routes'] - r['reachable']
    st, hs, bt, hp, hb = r['stretch'], r['hop_stretch'], r['backtracks'], r['hops'], r['header_bits']
    print(f"| {k[0]} | {label(*k)} | {r['delivered']} / {r['reachable']} | {r['returned']} / {unreach}"
          f" | {r['shortest']} of {r['delivered']} | {st['median']:.3f} / {st['max']:.3f}"
          f" | {hs['median']:.3f} / {hs['max']:.3f} | {bt['median']:.0f} / {bt['max']:.0f}"
          f" | {hp['max']:.0f} | {hb['median']:.0f} / {hb['max']:.0f} |")
print()
schemes = None
for k in bcast:
    schemes = [s['scheme'] for s in bcast[k]['schemes']]
    break
def generic(name):
    return name.replace(' (IST)', '').replace('x=', 'x = ') if 'ft-bcast' in name else name
heads = ['route-bcast', 'route-unicast', 'ft-bcast x = 1', 'ft-bcast x = 2', 'ft-bcast x = n-1 (IST)']
def cells(k, fn):
    row = bcast[k]['schemes']
    if len(row) == 4:  # n - 1 = 2 would repeat x = 2 (not for n >= 5)
        row = row[:3] + [None] + row[3:]
    return ' | '.join('-' if s is None else fn(s) for s in row)
print('Broadcast, one message from the identity: `treecast sim bcast-compare --net star:N --faults'
      ' KIND:F --trials T --seed 1` (T = 200, 100, 40, 20 for S_5..S_8), every scheme on the same'
      ' fault sets. Delivered: the share of the non-faulty nodes that got the message, mean over'
      ' the trials, and in brackets the trials in which every node the source reaches got it.')
print()
for title, fn in [
        ('delivered, mean % (trials reaching every reachable node)',
         lambda s: f"{100.0 * s['delivered'] / s['expected']:.2f} ({s['all_reached']})"),
        ('rounds to the last delivery, median / max',
         lambda s: f"{s['last_delivery']['median']} / {s['last_delivery']['max']}"),
        ('transmissions, median (the last crossing of the routed schemes, median, in brackets)',
         lambda s: f"{s['transmissions']['median']}" + (f" ({s['rounds']['median']})"
                                                         if 'route' in s['scheme'] else ''))]:
    print(f'**{title}**')
    print()
    print('| S_n | faults | trials | ' + ' | '.join(heads) + ' |')
    print('|---|---|---|' + '---|' * len(heads))
    for k in sorted(bcast, key=order):
        print(f"| {k[0]} | {label(*k)} | {bcast[k]['trials']} | {cells(k, fn)} |")
    print()
print(f'Generated by `bench/ftroute_tables.sh` ({treecast}).')
EOF

if [ -z "$update" ]; then
    cat "$work/tables.md"
    exit 0
fi
/usr/bin/python3 - "$update" "$work/tables.md" <<'EOF'
import sys
path, tables = sys.argv[1], open(sys.argv[2]).read()
text = open(path).read()
begin, end = '<!-- ftroute-tables begin -->\n', '<!-- ftroute-tables end -->'
i, j = text.index(begin) + len(begin), text.index(end)
open(path, 'w').write(text[:i] + '\n' + tables + '\n' + text[j:])
EOF
echo "ftroute_tables: updated $update"
