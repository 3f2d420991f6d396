#!/usr/bin/env python3
"""Parse every document under the given paths with a strict parser, by its extension:
.json with Python's json (NaN and Infinity refused: they are not JSON), .xml and .svg with
expat (xml.etree: well-formed XML, one root), .html with html5lib in strict mode (any parse
error of the HTML standard fails). Also an SVG drawn inline in an HTML page is well-formed XML.
Prints one line per failure and exits 1 on any; 2 when no document was found.

usage: check_docs.py PATH...   (a file, or a directory searched recursively)
"""
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

import html5lib


def no_constant(name):
    raise ValueError("%s is not JSON" % name)


def check(path):
    ext = os.path.splitext(path)[1]
    data = open(path, "rb").read()
    if ext == ".json":
        json.loads(data.decode("utf-8"), parse_constant=no_constant)
    elif ext in (".xml", ".svg"):
        ET.fromstring(data)
    elif ext == ".html":
        html5lib.HTMLParser(strict=True).parse(data)
        text = data.decode("utf-8")
        for k, svg in enumerate(re.findall(r"<svg\b.*?</svg>", text, re.S)):
            try:
                ET.fromstring(svg)
            except ET.ParseError as e:
                raise ValueError("inline SVG %d: %s" % (k + 1, e))
    else:
        return False
    return True


def main(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                files += [os.path.join(d, n) for n in sorted(names)]
        else:
            files.append(p)
    bad = checked = 0
    for f in sorted(files):
        try:
            checked += check(f)
        except Exception as e:  # any parser's refusal
            bad += 1
            checked += 1
            print("FAIL %s: %s" % (f, str(e).splitlines()[0] if str(e) else type(e).__name__))
    print("%d documents parsed, %d refused" % (checked, bad))
    if checked == 0:
        return 2
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
