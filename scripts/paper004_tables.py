#!/usr/bin/env python3
"""Transcribe Tables 5.1-5.5 of paper 004 (independent spanning trees on H_n) from the OCR text
into the row layout of `treecast trees --kind ist --format table` (x, bits, H(r,x), succ,
2^succ, parent), applying the typo corrections of corrections 004.2 and nothing else.

usage: scripts/paper004_tables.py PAPER_TEXT OUT_DIR
writes OUT_DIR/paper004_table5_{1..5}.tsv (rows only, no header). Standard library only.
"""
import re
import sys

# corrections 004.2: (table, x) -> (column, printed, corrected)
CORRECTIONS = {
    (2, 5): ("H", "<0,2>", "<2,0>"),  # Table 5.2 prints H of x = 5 and 9 in ascending order
    (2, 9): ("H", "<0,3>", "<3,0>"),
    (5, 2): ("H", "<2,3>", "<1,3>"),  # Table 5.5: H of x = 2
    (5, 15): ("parent", "111111:31", "11111:31"),  # Table 5.5: parent of x = 15
}

ROW = re.compile(r"^(\d+)\t([01]+)(?:\t(.*))?$")


def cell(text):
    text = text.strip()
    m = re.match(r"^\$\\langle(.*)\\rangle\$$", text)
    if m:
        return "<" + ",".join(p.strip() for p in m.group(1).split(",")) + ">"
    return "-" if text == "_" else text


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: paper004_tables.py PAPER_TEXT OUT_DIR")
    tables = []  # [(bits, {x: row})]
    current = None
    for line in open(sys.argv[1], encoding="utf-8"):
        line = line.rstrip("\n")
        if line.count("\t") >= 5 and "succ(" in line and "parent(T_" in line:
            current = {}
            tables.append(current)
            continue
        m = ROW.match(line)
        if not m:
            continue
        x, bits = int(m.group(1)), m.group(2)
        rest = [cell(c) for c in (m.group(3) or "").split("\t")] if m.group(3) else []
        # a block without a header continues the last table of the same width
        target = None
        for t in reversed(tables):
            some = next(iter(t.values()), None)
            if some is None or len(some[1]) == len(bits):
                target = t
                break
        target[x] = [str(x), bits] + rest
    if len(tables) != 5:
        sys.exit("expected five tables, found %d" % len(tables))
    for k, t in enumerate(tables, start=1):
        for (tab, x), (col, printed, fixed) in CORRECTIONS.items():
            if tab != k:
                continue
            idx = 2 if col == "H" else 5
            if t[x][idx] != printed:
                sys.exit("table 5.%d x=%d: expected the printed %s, found %s" % (k, x, printed, t[x][idx]))
            t[x][idx] = fixed
        with open("%s/paper004_table5_%d.tsv" % (sys.argv[2], k), "w") as out:
            for x in sorted(t):
                row = t[x]
                if len(row) == 2:  # the root row is empty
                    row = row + ["", "", "", ""]
                out.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
