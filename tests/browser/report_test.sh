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

# dump PAGE.html DOMFILE: the page's DOM after its script ran at #selftest.
dump() {
    local url
    url=$("$py" -c 'import pathlib, sys; print(pathlib.Path(sys.argv[1]).resolve().as_uri())' "$1")
    "$browser" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$work/profile" \
        --virtual-time-budget=10000 --dump-dom "$url#selftest" >"$2" 2>"$2.stderr"
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
done

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
