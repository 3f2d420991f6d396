#!/bin/sh
# check_docs.py can fail: each of these small documents breaks its format in one way treecast's
# writers once did or could (a "--" in an XML comment, NaN in JSON, a stray end tag in HTML, an
# unclosed element in an SVG inlined in a page), and each must be refused; the fixed versions pass.
# usage: refuses_test.sh PYTHON3 DIR WORK
set -u
py=$1 dir=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
w=$work
printf '<?xml version="1.0"?>\n<!-- treecast platform --net star:4 -->\n<platform/>\n' >"$w/a.xml"
printf '{"rounds": NaN}\n' >"$w/b.json"
printf '<!DOCTYPE html><html><head><title>t</title></head><body><p>x</b></body></html>\n' >"$w/c.html"
printf '<!DOCTYPE html><html><head><title>t</title></head><body><svg><g></svg></body></html>\n' >"$w/d.html"
printf '<svg xmlns="http://www.w3.org/2000/svg"><text>a & b</text></svg>\n' >"$w/e.svg"
for f in a.xml b.json c.html d.html e.svg; do
    if "$py" "$dir/check_docs.py" "$w/$f" >"$w/out" 2>&1; then
        echo "FAIL: $f was accepted"; cat "$w/out"; exit 1
    fi
    echo "ok: $f refused: $(head -1 "$w/out")"
done
mkdir "$w/good"
printf '<?xml version="1.0"?>\n<!-- treecast platform, net star:4 -->\n<platform/>\n' >"$w/good/a.xml"
printf '{"rounds": null}\n' >"$w/good/b.json"
printf '<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p><svg><g></g></svg></body></html>\n' >"$w/good/c.html"
"$py" "$dir/check_docs.py" "$w/good" || { echo "FAIL: the fixed documents are refused"; exit 1; }
