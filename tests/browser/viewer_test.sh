#!/bin/sh
# viewer_test.sh -- the page of `treecast sim ... --trace FILE.html`, played in headless Chromium.
#
# usage: viewer_test.sh TREECAST WORKDIR
#
# For each run below, treecast writes the page and its own result (--format json, the same
# invocation); Chromium opens the page at #play, which plays every round at the fastest speed in
# virtual time, and the DOM it dumps carries on <body> what the page's own playback computed
# from the recorded events: data-round, data-final, data-complete, data-nodes, data-nonfaulty,
# and data-script-errors (script errors and unhandled rejections counted by the page). They must
# equal the simulator's rounds, nodes_complete and nodes_nonfaulty, with no script error.
# Then the checks that prove the checks can fail: a copy with a JS error (and one with an
# unhandled rejection) must count an error; a copy whose deliveries are removed must not reach
# completion. Also: the page refers to nothing outside itself, stays under 300 KB, and without
# neato on PATH the tool warns once and draws a circle.
# As a reader sees it (python3 reads the DOM Chromium dumps; skipped without python3): no tree
# is drawn in a colour near the faults' (the strokes of the drawn trees, and the palette the
# page declares in data-tree-colours, against the drawn faulty links and data-fault-colours:
# at least 80 apart in RGB and 30 degrees apart in hue), at least one faulty link is drawn in
# the faulty run, every node label lies on a white plate in a layer drawn after the trees, the
# faulty links and the packets (no line crosses its text), and no two elements share an id.
# Builds nothing. Exit 0 pass, 1 fail, 77 skipped (no chromium).

set -u
LC_ALL=C
export LC_ALL

if [ $# -ne 2 ]; then
    echo "usage: viewer_test.sh TREECAST WORKDIR" >&2
    exit 2
fi
TREECAST=$1
WORK=$2
CHROMIUM=${CHROMIUM:-}
if [ -z "$CHROMIUM" ]; then
    for c in chromium chromium-browser google-chrome; do
        if command -v "$c" >/dev/null 2>&1; then
            CHROMIUM=$(command -v "$c")
            break
        fi
    done
fi
if [ -z "$CHROMIUM" ]; then
    echo "viewer_test: no chromium on PATH: skipped"
    exit 77
fi
if [ ! -x "$TREECAST" ]; then
    echo "viewer_test: $TREECAST is not an executable" >&2
    exit 2
fi
rm -rf "$WORK" && mkdir -p "$WORK" || exit 2
WORK=$(cd "$WORK" && pwd)

failures=0
bad() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# The <body ...> tag of FILE.html after Chromium played it (#play, or the hash $2), in
# virtual time.
played_body() {
    timeout 100 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --user-data-dir="$WORK/profile" --virtual-time-budget=60000 \
        --dump-dom "file://$1${2-#play}" 2>"$WORK/chromium.err" |
        tr '\n' ' ' | grep -o '<body [^>]*>' | head -n 1
}

# played_dom FILE OUT: the whole DOM of FILE.html after Chromium played it to the end.
played_dom() {
    timeout 100 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --user-data-dir="$WORK/profile" --virtual-time-budget=60000 \
        --dump-dom "file://$1#play" >"$2" 2>"$WORK/chromium.err"
}

# attr TAG NAME: the value of NAME="..." in TAG (empty when absent).
attr() {
    printf '%s\n' "$1" | sed -n "s/.* $2=\"\([^\"]*\)\".*/\1/p"
}

# json_int FILE KEY: the first integer member KEY of the one-line JSON document FILE (the
# top-level one: "rounds" comes again in "construction_claim").
json_int() {
    grep -o "\"$2\":-\{0,1\}[0-9]*" "$1" | head -n 1 | sed 's/.*://'
}

# check NAME NODES ARGS...: run treecast sim ARGS with --trace, play the page, compare.
check() {
    name=$1
    nodes=$2
    shift 2
    page=$WORK/$name.html
    echo "== $name: treecast sim $*"
    if ! "$TREECAST" sim "$@" --trace "$page" --format json >"$WORK/$name.json" \
        2>"$WORK/$name.err"; then
        bad "$name: treecast sim failed: $(cat "$WORK/$name.err")"
        return
    fi
    if [ -s "$WORK/$name.err" ]; then
        bad "$name: treecast wrote to stderr: $(cat "$WORK/$name.err")"
    fi
    size=$(wc -c <"$page" | tr -d ' ')
    [ "$size" -lt 300000 ] || bad "$name: the page has $size bytes (at most 300000)"
    # nothing outside the page: no http(s) address but the SVG namespace, no src= or href=
    if grep -o 'https\{0,1\}://[^"'\'' )]*' "$page" | grep -v '^http://www.w3.org/2000/svg$' |
        grep -q .; then
        bad "$name: the page refers to an address outside itself"
    fi
    if grep -Eq '<(script|link|img)[^>]* (src|href)=' "$page"; then
        bad "$name: the page loads a file"
    fi
    rounds=$(json_int "$WORK/$name.json" rounds)
    complete=$(json_int "$WORK/$name.json" nodes_complete)
    nonfaulty=$(json_int "$WORK/$name.json" nodes_nonfaulty)
    body=$(played_body "$page")
    echo "   $size bytes; sim: rounds $rounds, complete $complete of $nonfaulty non-faulty"
    echo "   page: $body"
    [ -n "$body" ] || {
        bad "$name: no <body> in Chromium's DOM ($(head -c 300 "$WORK/chromium.err"))"
        return
    }
    [ "$(attr "$body" data-script-errors)" = 0 ] || bad "$name: script errors in the page"
    [ "$(attr "$body" data-final)" = yes ] || bad "$name: the playback did not reach the end"
    [ "$(attr "$body" data-round)" = "$rounds" ] ||
        bad "$name: data-round $(attr "$body" data-round), the sim ran $rounds rounds"
    [ "$(attr "$body" data-complete)" = "$complete" ] ||
        bad "$name: data-complete $(attr "$body" data-complete), the sim has $complete"
    [ "$(attr "$body" data-nodes)" = "$nodes" ] ||
        bad "$name: data-nodes $(attr "$body" data-nodes), the network has $nodes"
    [ "$(attr "$body" data-nonfaulty)" = "$nonfaulty" ] ||
        bad "$name: data-nonfaulty $(attr "$body" data-nonfaulty), the sim has $nonfaulty"
}

check s4_bcast 24 bcast --net star:4 --M 4
check q4_ist 16 ist-bcast --net cube:4 --M 2
check i25_edst 36 bcast-edst --net icube:5,2 --M 6
check s5_queues 120 bcast --net star:5 --M 4 --ports one
check s5_faults 120 ft-bcast --net star:5 --M 4 --x 2 --faults mixed:6 --seed 3

# fault-free: all N nodes complete (so data-complete = N above); with the faults: some
# non-faulty node is not
for run in s4_bcast:24 q4_ist:16 i25_edst:36 s5_queues:120; do
    name=${run%:*}
    [ "$(json_int "$WORK/$name.json" nodes_complete)" = "${run#*:}" ] ||
        bad "$name: not all ${run#*:} nodes complete"
done
c=$(json_int "$WORK/s5_faults.json" nodes_complete)
n=$(json_int "$WORK/s5_faults.json" nodes_nonfaulty)
{ [ -n "$c" ] && [ -n "$n" ] && [ "$c" -lt "$n" ]; } ||
    bad "s5_faults: the faulty run should leave a non-faulty node incomplete ($c of $n)"

# The colours and the labels, as a reader sees them (see the top).
PY=$(command -v python3 || true)
if [ -z "$PY" ]; then
    echo "== colours and labels: skipped (no python3)"
else
    for name in s4_bcast s5_faults; do
        echo "== colours and labels: $name"
        played_dom "$WORK/$name.html" "$WORK/$name.dom.html"
        want_fault=0
        [ "$name" = s5_faults ] && want_fault=1
        "$PY" - "$WORK/$name.dom.html" "$want_fault" <<'END' || bad "$name: colours or labels"
import colorsys, html.parser, sys

dom, want_fault = open(sys.argv[1], encoding="utf-8").read(), sys.argv[2] == "1"

class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.order, self.ids, self.dup, self.body = [], [], set(), [], {}
        self.trees, self.faults, self.labels = [], [], []
        self.text = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            if a["id"] in self.ids:
                self.dup.append(a["id"])
            self.ids.add(a["id"])
            if tag == "g":
                self.order.append(a["id"])
        if tag == "body":
            self.body = a
        layer = next((x.get("id") for t, x in reversed(self.stack) if x.get("id")), None)
        parent = self.stack[-1] if self.stack else ("", {})
        if tag == "g" and parent[1].get("id") == "treeEdges" and a.get("stroke"):
            self.trees.append(a["stroke"].lower())
        if tag == "line" and layer == "faultEdges" and a.get("stroke-dasharray"):
            self.faults.append(a["stroke"].lower())
        if tag == "rect" and "plate" in (a.get("class") or "").split():
            parent[1].setdefault("_plates", []).append(a)
        if tag == "text" and "label" in (a.get("class") or "").split():
            self.text = {"layer": layer, "attrs": a, "plates": parent[1].get("_plates", []),
                         "text": ""}
            self.labels.append(self.text)
        if tag not in ("input", "br", "meta", "img", "link", "hr"):
            self.stack.append((tag, a))
    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in ("input", "br", "meta", "img", "link", "hr"):
            self.handle_endtag(tag)
    def handle_endtag(self, tag):
        if tag == "text":
            self.text = None
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break
    def handle_data(self, data):
        if self.text is not None:
            self.text["text"] += data

p = Page()
p.feed(dom)
bad = []

def rgb(c):
    c = c.strip().lstrip("#")
    c = "".join(ch * 2 for ch in c) if len(c) == 3 else c
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))

def apart(a, b):
    """a and b told apart: 80 apart in RGB (0-255), and 30 degrees apart in hue unless one of
    them is nearly grey."""
    x, y = rgb(a), rgb(b)
    dist = sum((u - v) ** 2 for u, v in zip(x, y)) ** 0.5 * 255
    hx, sx, _ = colorsys.rgb_to_hsv(*x)
    hy, sy, _ = colorsys.rgb_to_hsv(*y)
    dh = min(abs(hx - hy), 1 - abs(hx - hy)) * 360
    return dist >= 80 and (dh >= 30 or min(sx, sy) < 0.2)

declared = p.body.get("data-tree-colours", "").split()
fault_declared = p.body.get("data-fault-colours", "").split()
trees = sorted(set(p.trees) | {c.lower() for c in declared})
faults = sorted(set(p.faults) | {c.lower() for c in fault_declared})
if not p.trees:
    bad.append("no tree drawn")
if want_fault and not p.faults:
    bad.append("no faulty link drawn in a run with faulty links")
if not faults:
    bad.append("no fault colour drawn or declared")
clash = [(t, f) for t in trees for f in faults if not apart(t, f)]
if clash:
    bad.append(f"tree colours too near the fault colour: {clash}")
order = {g: i for i, g in enumerate(p.order)}
below = [order.get(g, -1) for g in ("treeEdges", "faultEdges", "packets")]
unplated = []
for lab in p.labels:
    size = float(lab["attrs"].get("font-size", "0") or 0)
    wide = [float(r.get("width", 0)) for r in lab["plates"]
            if (r.get("fill", "") in ("", "#fff", "#ffffff", "white"))]
    if (order.get(lab["layer"], -1) <= max(below) or
            not any(w >= 0.55 * size * len(lab["text"]) for w in wide)):
        unplated.append(lab["text"])
if not p.labels:
    bad.append("no node label")
elif unplated:
    bad.append(f"{len(unplated)} of {len(p.labels)} labels not on a plate above the lines, "
               f"e.g. {unplated[0]!r}")
if p.dup:
    bad.append(f"ids used twice: {sorted(set(p.dup))}")
print(("   FAIL: " if bad else "   ok: ") + ("; ".join(bad) if bad else
      f"{len(set(p.trees))} tree colours {sorted(set(p.trees))}, faults {faults}, "
      f"{len(p.labels)} labels on plates"))
sys.exit(1 if bad else 0)
END
    done
fi

# The detectors can fail. An error thrown by a script, and a rejected promise, are counted.
echo "== negative: a deliberate script error, an unhandled rejection, no deliveries"
sed 's|</body>|<script>window.notAFunction();</script></body>|' "$WORK/s4_bcast.html" \
    >"$WORK/broken.html"
body=$(played_body "$WORK/broken.html")
echo "   script error: $body"
e=$(attr "$body" data-script-errors)
{ [ -n "$e" ] && [ "$e" != 0 ]; } || bad "a page with a script error reported data-script-errors=$e"
sed 's|</body>|<script>Promise.reject(new Error("deliberate"));</script></body>|' \
    "$WORK/s4_bcast.html" >"$WORK/rejected.html"
body=$(played_body "$WORK/rejected.html")
echo "   rejection: $body"
e=$(attr "$body" data-script-errors)
{ [ -n "$e" ] && [ "$e" != 0 ]; } || bad "a page with an unhandled rejection reported $e errors"
# data-complete comes from the recorded deliveries: without them only the source is complete
sed 's|"deliveries":\[|"deliveries":[],"removed":[|' "$WORK/s4_bcast.html" >"$WORK/nodel.html"
body=$(played_body "$WORK/nodel.html")
echo "   no deliveries: $body"
[ "$(attr "$body" data-script-errors)" = 0 ] || bad "the page without deliveries has errors"
[ "$(attr "$body" data-final)" = yes ] || bad "the page without deliveries did not play"
[ "$(attr "$body" data-complete)" = 1 ] ||
    bad "without deliveries data-complete is $(attr "$body" data-complete), not 1 (the source)"

# The controls: forward, forward, back, the slider to 3, a tap on node 5, a tree hidden in the
# legend, labels off, the right arrow key: round 4, node 5's label in the info line.
cat >"$WORK/probe.js" <<'END'
<script>
(function () {
  var $ = function (id) { return document.getElementById(id); };
  $('fwd').click(); $('fwd').click(); $('back').click();
  var s = $('slider'); s.value = '3'; s.dispatchEvent(new Event('input'));
  var node = document.querySelector('#nodes .node[data-node="5"] circle.body');
  node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  document.querySelector('#legend .tree').click();
  $('labels').click();
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
  document.body.setAttribute('data-probe', $('counter').textContent + '|' +
    $('info').textContent.split(' ')[0]);
})();
</script>
END
label5=$(grep -o '"labels":\[[^]]*\]' "$WORK/s4_bcast.html" | cut -d'"' -f14)
awk -v probe="$WORK/probe.js" '/<\/body>/ { while ((getline l < probe) > 0) print l } { print }' \
    "$WORK/s4_bcast.html" >"$WORK/probe.html"
body=$(played_body "$WORK/probe.html" '')
echo "== controls: $body"
[ "$(attr "$body" data-script-errors)" = 0 ] || bad "the controls raised script errors"
[ "$(attr "$body" data-round)" = 4 ] || bad "the controls left round $(attr "$body" data-round)"
[ "$(attr "$body" data-probe)" = "round 4 of 8|$label5" ] ||
    bad "the controls: $(attr "$body" data-probe), expected round 4 of 8|$label5"

# Without neato: one warning line, a circle, and the page still plays.
echo "== no neato on PATH"
if PATH=/nonexistent "$TREECAST" sim bcast --net star:4 --M 4 --trace "$WORK/circle.html" \
    >/dev/null 2>"$WORK/circle.err"; then
    lines=$(wc -l <"$WORK/circle.err" | tr -d ' ')
    echo "   stderr: $(cat "$WORK/circle.err")"
    { [ "$lines" = 1 ] && grep -q 'warning.*neato' "$WORK/circle.err"; } ||
        bad "without neato: expected one warning line, got $lines"
    grep -q '"layout":"circle"' "$WORK/circle.html" || bad "without neato: not a circle layout"
    body=$(played_body "$WORK/circle.html")
    { [ "$(attr "$body" data-final)" = yes ] && [ "$(attr "$body" data-complete)" = 24 ]; } ||
        bad "without neato: the page did not play to 24 complete nodes ($body)"
else
    bad "without neato: treecast failed: $(cat "$WORK/circle.err")"
fi

if [ "$failures" -ne 0 ]; then
    echo "viewer_test: $failures failure(s)"
    exit 1
fi
echo "viewer_test: all checks passed"
exit 0
