#!/bin/bash
# report_test.sh TREECAST WORKDIR [OUTDIR]: the web report of `treecast reproduce` in a real
# browser. Without OUTDIR it runs `treecast reproduce --quick --out WORKDIR/reproduce`; with it,
# it tests that existing output (the fixture reproduce_quick). Then it opens index.html and
# every PAPER.html of reproduce.json in headless Chromium at #selftest (one browser run per
# page: the page's script clicks each header of every sortable table three times, ascending,
# descending, back to the page's order, checks the rows after each click, checks the verdict
# filter) and checks the DOM it dumps:
#   - <body data-script-errors="0"> (window.onerror and unhandledrejection count into it),
#     data-selftest="ok";
#   - data-tables and data-figures (counted by the page's script: tables of class "cells",
#     figures holding an inline svg) equal reproduce.json's tables and drawn figures of the page
#     (0 and 0 on index.html); each table's rows, by verdict, equal the page's counts and the
#     table's cells; each drawn figure's data-series (counted by the script from the inline
#     drawing) equals the figure's "series";
#   - no two elements share an id (each inline drawing's ids are prefixed with its figure's);
#   - the page fetches nothing (no script, style, image or frame loaded from a URL; a
#     Content-Security-Policy that forbids it);
#   - as a reader sees it: every "corrections NNN.K" of the text is inside a link to
#     corrections.html#cNNN.K, and every such link's anchor exists on corrections.html (which
#     the output must hold, with corrections.md); no raw notation (`_{`, `^{`, `^(`) in the text
#     outside code; each paper's page cites its paper (<p class="citation"> with the title in
#     <em>); the tables: opened in a 2400 px window every table shows whole in its box, in a
#     1200 px window every table shows whole or its box scrolls sideways, and in a 412 px one
#     (a phone) no box reaches past the window, and the page is never wider than the window
#     (measured by a probe script the test appends to a copy of each page, the copy it opens;
#     the page's own #selftest measure, data-layout, must agree with it); the Markdown pages
#     link every "corrections NNN.K" outside code to corrections.md#cNNN.K, an anchor that
#     file has;
# and, without a browser, that every SVG file of the output parses as XML and shows its
# figure's series: gnuplot's `<g id="gnuplot_plot_N">` groups (gnuplot 5.4's svg terminal), or
# for Graphviz the distinct stroke colours of the edges (tc_report_forest_dot draws one colour
# per tree, from a palette of 10).
# Negative control: a copy of a page with an uncaught exception and an unhandled rejection
# injected must show data-script-errors="2", so that a broken page cannot pass.
# Exit 0 when every check holds, 1 otherwise, 77 (skipped) without chromium or python3.
set -u
tool=$1 work=$2 out=${3:-}

browser=${CHROMIUM:-} # CHROMIUM: the browser to use instead of the first on PATH
if [ -n "$browser" ] && ! command -v "$browser" >/dev/null 2>&1; then
    echo "FAIL: CHROMIUM=$browser is not a program"
    exit 1
fi
if [ -z "$browser" ]; then
    for b in chromium chromium-browser google-chrome; do
        if command -v "$b" >/dev/null 2>&1; then
            browser=$(command -v "$b")
            break
        fi
    done
fi
[ -n "$browser" ] || { echo "SKIP: no chromium (apt-get install chromium)"; exit 77; }
py=$(command -v python3 || true)
[ -n "$py" ] || { echo "SKIP: no python3"; exit 77; }

rm -rf "$work" && mkdir -p "$work/dom" || exit 1
if [ -z "$out" ]; then
    out=$work/reproduce
    "$tool" reproduce --quick --quiet --out "$out" ||
        { echo "FAIL: treecast reproduce --quick exits $?"; exit 1; }
fi
[ -f "$out/reproduce.json" ] || { echo "FAIL: no $out/reproduce.json"; exit 1; }
out=$(cd "$out" && pwd) || exit 1

# The probe appended to the copies of the pages: how each table's box (class "scroll") sits in
# the window, measured after the page's own script ran: "fit" (the table shows whole),
# "scroll" (it does not, and the box scrolls sideways) or "cut", then "+outside" when the box
# reaches past the window's edges; and whether the page itself is wider than the window.
probe='<script>(function () { var root = document.documentElement, view = root.clientWidth;
var boxes = Array.prototype.map.call(document.querySelectorAll(".scroll"), function (b) {
  var r = b.getBoundingClientRect();
  return (b.scrollWidth <= b.clientWidth + 1 ? "fit"
          : /^(auto|scroll)$/.test(getComputedStyle(b).overflowX) ? "scroll" : "cut") +
         (r.left >= -1 && r.right <= view + 1 ? "" : "+outside"); });
document.body.setAttribute("data-probe", "view=" + view + " page=" +
  (root.scrollWidth > view + 1 ? "wide" : "ok") + " boxes=" + boxes.join(",")); })();</script>'
mkdir -p "$work/probe" || exit 1

# dump PAGE.html DOMFILE [WIDTH]: the DOM of a copy of the page with the probe appended, after
# the scripts ran at #selftest, in a window WIDTH (1200 when not given) CSS pixels wide.
dump() {
    local copy
    copy=$work/probe/$(basename "$2")
    awk -v probe="$probe" '/<\/body>/ { print probe } { print }' "$1" >"$copy" || return 1
    set -- "$copy" "$2" "${3:-}"
    local url
    url=$("$py" -c 'import pathlib, sys; print(pathlib.Path(sys.argv[1]).resolve().as_uri())' "$1")
    "$browser" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$work/profile" \
        --window-size="${3:-1200},900" --virtual-time-budget=10000 \
        --dump-dom "$url#selftest" >"$2" 2>"$2.stderr"
    local status=$?
    if [ $status -ne 0 ] || [ ! -s "$2" ]; then
        echo "FAIL: chromium exits $status on $1, DOM of $(wc -c <"$2") bytes:"
        tail -5 "$2.stderr"
        return 1
    fi
}

failed=0
pages="index $("$py" -c 'import json, sys
print(" ".join(p["paper"] for p in json.load(open(sys.argv[1]))["pages"]))' "$out/reproduce.json")"
for page in $pages; do
    dump "$out/$page.html" "$work/dom/$page.html" || failed=1
    dump "$out/$page.html" "$work/dom/$page.2400.html" 2400 || failed=1
    dump "$out/$page.html" "$work/dom/$page.412.html" 412 || failed=1
done
if [ -f "$out/corrections.html" ]; then
    dump "$out/corrections.html" "$work/dom/corrections.html" || failed=1
else
    echo "FAIL: no corrections.html in the output"
    failed=1
fi

# The negative control: errors injected into a copy of index.html must be counted.
sed 's#</body>#<script>treecast_negative_control_undefined();</script><script>Promise.reject(new Error("negative control"));</script></body>#' \
    "$out/index.html" >"$work/broken.html"
grep -q treecast_negative_control "$work/broken.html" || { echo "FAIL: no error injected"; exit 1; }
dump "$work/broken.html" "$work/dom/broken.html" || failed=1

"$py" - "$out" "$work/dom" $pages <<'EOF' || failed=1
import html.parser, json, os, re, sys
import xml.etree.ElementTree as ET

out, domdir, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
index = json.load(open(os.path.join(out, "reproduce.json")))
by_paper = {p["paper"]: p for p in index["pages"]}

def id_of(s):  # repro_html.c's element ids
    return re.sub(r"[^A-Za-z0-9._-]", "_", s)

class Dom(html.parser.HTMLParser):
    """The body's attributes, each figure's attributes, each cells table's rows by verdict."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.body, self.figures, self.tables, self.table, self.in_tbody = None, {}, {}, None, False
        self.ids, self.dup = set(), False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.dup |= a["id"] in self.ids
            self.ids.add(a["id"])
        if tag == "body" and self.body is None:
            self.body = a
        elif tag == "figure":
            self.figures[a.get("id", "")] = a
        elif tag == "table" and "cells" in a.get("class", "").split():
            self.table = self.tables.setdefault(a.get("id", ""), {})
        elif tag == "tbody" and self.table is not None:
            self.in_tbody = True
        elif tag == "tr" and self.in_tbody:
            v = a.get("data-verdict", "?").replace("-", " ")
            self.table[v] = self.table.get(v, 0) + 1
    def handle_endtag(self, tag):
        if tag == "tbody":
            self.in_tbody = False
        elif tag == "table":
            self.table = None

def dom_of(name):
    d = Dom()
    d.feed(open(os.path.join(domdir, name + ".html"), encoding="utf-8").read())
    return d

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
NOT_TEXT = {"code", "pre", "script", "style", "title"}
REF = re.compile(r"corrections (\d{3}\.\d+)")
RAW = re.compile(r"[_^][{(]")

class Reader(html.parser.HTMLParser):
    """What a reader sees: the text outside code (with the link it is in), the links, the ids,
    the citation, the table boxes' measured fit."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.ids, self.hrefs, self.body = [], set(), [], {}
        self.texts = []  # (text, href of the enclosing <a> or None)
        self.citations, self.in_cite, self.cite_em = [], 0, False
        self.boxes = []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "body":
            self.body = a
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
        if "scroll" in (a.get("class") or "").split():
            self.boxes.append(a)
        if tag == "p" and "citation" in (a.get("class") or "").split():
            self.citations.append("")
            self.in_cite = 1
        elif self.in_cite:
            self.in_cite += tag not in VOID
            self.cite_em |= tag == "em"
        if tag not in VOID:
            self.stack.append((tag, a))
    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)
    def handle_endtag(self, tag):
        if self.in_cite:
            self.in_cite -= 1
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break
    def handle_data(self, data):
        if self.in_cite:
            self.citations[-1] += data
        if any(t in NOT_TEXT for t, _ in self.stack):
            return
        href = next((a.get("href") for t, a in reversed(self.stack) if t == "a"), None)
        self.texts.append((data, href))

def reader(name):
    r = Reader()
    r.feed(open(os.path.join(domdir, name + ".html"), encoding="utf-8").read())
    return r

corr = reader("corrections") if os.path.exists(os.path.join(domdir, "corrections.html")) else None

def check_reader(name):
    """The checks of a page as a reader sees it (see the top of this file)."""
    r, bad = reader(name), []
    corr_page = name == "corrections"
    target = "#c" if corr_page else "corrections.html#c"
    unlinked, raw = [], []
    for text, href in r.texts:
        for m in REF.finditer(text):
            if href != target + m.group(1):
                unlinked.append(f"{m.group(0)!r} in {href or 'no link'}")
        raw += [text[max(0, m.start() - 12):m.end() + 12] for m in RAW.finditer(text)]
    if unlinked:
        bad.append(f"{len(unlinked)} references not linked to their entry, e.g. {unlinked[0]}")
    if raw:
        bad.append(f"{len(raw)} raw notations in the text, e.g. {raw[0]!r}")
    wanted = {h[len(target):] for h in r.hrefs if h.startswith(target)}
    known = corr.ids if corr else set()
    missing = sorted(i for i in wanted if "c" + i not in known)
    if missing:
        bad.append(f"links to entries corrections.html does not have: {missing}")
    if name in by_paper:
        if not r.citations or len(r.citations[0].strip()) < 30 or not r.cite_em:
            bad.append(f"no citation of the paper (<p class=\"citation\"> with an <em> title): "
                       f"{r.citations[:1]}")
    # the layout, in the three windows, as the probe measured it
    shown = []
    for suffix, width, rule in (("", 1200, "fit or scroll"), (".2400", 2400, "fit"),
                                (".412", 412, "inside")):
        if corr_page and suffix:
            continue
        w = reader(name + suffix) if suffix else r
        probe = dict(kv.split("=", 1) for kv in w.body.get("data-probe", "").split() if "=" in kv)
        boxes = [b for b in probe.get("boxes", "").split(",") if b]
        shown.append(f"{boxes.count('fit')}/{len(boxes)} at {width} px")
        problem = None
        if "page" not in probe:
            problem = "the probe did not run"
        elif probe["page"] != "ok":
            problem = f"the page is wider than the window ({probe})"
        elif any(b.endswith("+outside") for b in boxes):
            problem = f"a table's box reaches past the window ({probe})"
        elif any(b.startswith("cut") for b in boxes):
            problem = f"a table is cut and its box does not scroll ({probe})"
        elif rule == "fit" and any(b != "fit" for b in boxes):
            problem = (f"{boxes.count('fit')} of {len(boxes)} tables show whole, the others "
                       f"hide columns ({probe})")
        elif suffix == "":  # the page's own measure (#selftest) agrees with the probe's
            lay = w.body.get("data-layout", "")
            want = f"fit={boxes.count('fit')}"
            if want not in lay.split():
                problem = f"the page's data-layout {lay!r} does not say {want}"
        if problem:
            bad.append(f"in a {width} px window: {problem}")
    print(("FAIL " if bad else "ok   ") + name + ".html as read: " + (
        "; ".join(bad) if bad else
        f"{sum(len(REF.findall(t)) for t, _ in r.texts)} references linked, "
        f"{len(wanted)} entries, no raw notation"
        + ", tables shown whole: " + ", ".join(shown)
        + (", cited" if name in by_paper else "")))
    return not bad

MD_REF = re.compile(r"`[^`\n]*`|\[corrections (\d{3}\.\d+)\]\(corrections\.md#c(\d{3}\.\d+)\)"
                    r"|corrections (\d{3}\.\d+)")

def check_markdown():
    ok = True
    path = os.path.join(out, "corrections.md")
    if not os.path.exists(path):
        print("FAIL corrections.md: not in the output")
        return False
    anchors = set(re.findall(r'<a id="c(\d{3}\.\d+)"></a>', open(path, encoding="utf-8").read()))
    for name in ["index"] + [p["paper"] for p in index["pages"]]:
        text = open(os.path.join(out, name + ".md"), encoding="utf-8").read()
        bare, linked, wrong = [], 0, []
        for m in MD_REF.finditer(text):
            if m.group(1):
                linked += 1
                if m.group(1) != m.group(2) or m.group(2) not in anchors:
                    wrong.append(m.group(0))
            elif m.group(3):
                bare.append(m.group(0))
        good = not bare and not wrong
        ok &= good
        print(("ok   " if good else "FAIL ") + name + ".md: " + (
            f"{linked} references linked to corrections.md" if good else
            f"{len(bare)} not linked (e.g. {bare[:1]}), {len(wrong)} to a missing anchor "
            f"(e.g. {wrong[:1]})"))
    return ok

def check_page(name):
    d, page = dom_of(name), by_paper.get(name)
    body = d.body or {}
    drawn = [f for f in page["figures"] if f["rendered"]] if page else []
    want = {"data-script-errors": "0", "data-selftest": "ok",
            "data-tables": str(len(page["tables"]) if page else 0),
            "data-figures": str(len(drawn))}
    bad = [f"{k}={body.get(k)!r} (want {v!r})" for k, v in want.items() if body.get(k) != v]
    if page:
        counts = {}
        for t in page["tables"]:
            rows = d.tables.get("cells-" + id_of(t["id"]))
            if rows is None or sum(rows.values()) != t["cells"]:
                bad.append(f"table {t['id']}: {rows} rows, want {t['cells']} cells")
            for v, n in (rows or {}).items():
                counts[v] = counts.get(v, 0) + n
        if {v: n for v, n in page["counts"].items() if n} != counts:
            bad.append(f"rows by verdict {counts}, want {page['counts']}")
        for f in drawn:
            fig = d.figures.get("figure-" + id_of(f["id"]), {})
            if fig.get("data-series") != str(f["series"]):
                bad.append(f"figure {f['id']}: data-series={fig.get('data-series')!r}, "
                           f"want {f['series']}")
    if d.dup:
        bad.append("two elements share an id (the inline drawings' ids must be prefixed)")
    text = open(os.path.join(out, name + ".html"), encoding="utf-8").read()
    if re.search(r"<(script|img|iframe|link|object|embed|audio|video|source|image)\b[^>]*"
                 r"\b(src|href)\s*=", text, re.I) or "@import" in text:
        bad.append("it loads something from a URL")
    if "Content-Security-Policy" not in text:
        bad.append("no Content-Security-Policy")
    print(("FAIL " if bad else "ok   ") + name + ".html: " + (
        "; ".join(bad) if bad else
        " ".join(f"{k}={body[k]}" for k in want) + (
            f", {sum(sum(t.values()) for t in d.tables.values())} rows, "
            f"{os.path.getsize(os.path.join(out, name + '.html'))} bytes")))
    return not bad

SVG = "{http://www.w3.org/2000/svg}"

def svg_series(path, kind):
    root = ET.parse(path).getroot()
    if kind == "gnuplot":
        return sum(1 for e in root.iter() if re.fullmatch(r"gnuplot_plot_\d+", e.get("id", "")))
    colours = set()
    for g in root.iter(SVG + "g"):
        if g.get("class") == "edge":
            colours |= {p.get("stroke", "").lower() for p in g.iter(SVG + "path")}
    return len(colours - {"", "none", "transparent"})

def check_svgs():
    ok, figs = True, {}
    for p in index["pages"]:
        for f in p["figures"]:
            figs[os.path.normpath(os.path.join(out, f["svg"]))] = f
    for dirpath, _, files in os.walk(out):
        for name in sorted(files):
            if not name.endswith(".svg"):
                continue
            path = os.path.normpath(os.path.join(dirpath, name))
            rel = os.path.relpath(path, out)
            f = figs.get(path)
            try:
                got = svg_series(path, f["kind"] if f else "gnuplot")
            except ET.ParseError as e:
                print(f"FAIL {rel}: not XML: {e}")
                ok = False
                continue
            if f is None:
                print(f"ok   {rel}: XML (no figure of reproduce.json)")
                continue
            want = f["series"] if f["kind"] == "gnuplot" else min(f["series"], 10)
            good = got == want
            ok &= good
            print(f"{'ok  ' if good else 'FAIL'} {rel}: XML, {got} "
                  f"{'gnuplot_plot groups' if f['kind'] == 'gnuplot' else 'edge colours'}"
                  f"{'' if good else f', want {want}'}")
    for path, f in figs.items():
        if f["rendered"] and not os.path.exists(path):
            print(f"FAIL {os.path.relpath(path, out)}: drawn, but no file")
            ok = False
    return ok

ok = all([check_page(p) for p in pages])
ok &= all([check_reader(p) for p in pages + (["corrections"] if corr else [])])
ok &= check_markdown()
ok &= check_svgs()
broken = dom_of("broken").body or {}
errors = broken.get("data-script-errors")
if errors == "2":
    print("ok   negative control: the injected exception and rejection give "
          "data-script-errors=2")
else:
    print(f"FAIL negative control: data-script-errors={errors!r}, want '2' (the detector "
          "misses injected errors)")
    ok = False
sys.exit(0 if ok else 1)
EOF
exit $failed
