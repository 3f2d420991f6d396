#!/usr/bin/env python3
"""Log-log plot of the packing's growth: wall time against nodes, one line per family, the
peer's points hollow, and a dotted line of slope 1 (time proportional to size) for the eye.
Reads the TSV of bench/run_packing.sh (a peer stopped at its limit, ">120", is left out); writes an SVG on stdout with the standard library only
(no fonts or renderers are involved until a browser draws it).

usage: python3 bench/plot_growth.py bench/packing_growth.tsv > bench/packing_growth.svg
"""
import csv
import math
import sys

W, H, L, R, T, B = 760, 500, 70, 170, 30, 55
COLOURS = {"star": "#1f77b4", "cube": "#2ca02c", "bubble": "#9467bd", "pancake": "#8c564b",
           "torus": "#e377c2", "graph": "#17becf"}


def main():
    rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
    pts = []
    for r in rows:
        fam = r["network"].split(":")[0]
        n = float(r["nodes"])
        pts.append((fam, n, float(r["wall_s"]), False))
        if r["peer_wall_s"] not in ("-", "") and not r["peer_wall_s"].startswith(">"):
            pts.append((fam, n, float(r["peer_wall_s"]), True))
    xs = [p[1] for p in pts]
    ys = [max(p[2], 1e-3) for p in pts]
    x0, x1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
    y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))

    def sx(x):
        return L + (math.log10(x) - x0) / (x1 - x0) * (W - L - R)

    def sy(y):
        return H - B - (math.log10(max(y, 1e-3)) - y0) / (y1 - y0) * (H - T - B)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>']
    for e in range(x0, x1 + 1):
        out.append(f'<line x1="{sx(10**e):.1f}" y1="{T}" x2="{sx(10**e):.1f}" y2="{H-B}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{sx(10**e):.1f}" y="{H-B+16}" text-anchor="middle">1e{e}</text>')
    for e in range(y0, y1 + 1):
        out.append(f'<line x1="{L}" y1="{sy(10**e):.1f}" x2="{W-R}" y2="{sy(10**e):.1f}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{L-6}" y="{sy(10**e)+4:.1f}" text-anchor="end">1e{e}</text>')
    out.append(f'<text x="{(L+W-R)/2}" y="{H-12}" text-anchor="middle">nodes</text>')
    out.append(f'<text x="16" y="{(T+H-B)/2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(T+H-B)/2})">wall seconds (one process)</text>')
    # slope 1 through the median point of the new packer
    mine = sorted((p for p in pts if not p[3]), key=lambda p: p[1])
    if mine:
        mx, my = mine[len(mine) // 2][1], mine[len(mine) // 2][2]
        a, b = 10**x0, 10**x1
        out.append(f'<line x1="{sx(a):.1f}" y1="{sy(my*a/mx):.1f}" x2="{sx(b):.1f}" '
                   f'y2="{sy(my*b/mx):.1f}" stroke="#999" stroke-dasharray="3,3"/>')
    for fam, colour in COLOURS.items():
        for peer in (False, True):
            ser = sorted((p for p in pts if p[0] == fam and p[3] == peer), key=lambda p: p[1])
            if not ser:
                continue
            path = " ".join(f"{sx(p[1]):.1f},{sy(p[2]):.1f}" for p in ser)
            dash = ' stroke-dasharray="5,3"' if peer else ""
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}"{dash}/>')
            for p in ser:
                fill = "white" if peer else colour
                out.append(f'<circle cx="{sx(p[1]):.1f}" cy="{sy(p[2]):.1f}" r="3.5" '
                           f'fill="{fill}" stroke="{colour}"/>')
    y = T + 10
    for fam, colour in COLOURS.items():
        if any(p[0] == fam for p in pts):
            out.append(f'<circle cx="{W-R+20}" cy="{y}" r="4" fill="{colour}"/>')
            out.append(f'<text x="{W-R+30}" y="{y+4}">{fam}</text>')
            y += 18
    out.append(f'<circle cx="{W-R+20}" cy="{y+6}" r="4" fill="white" stroke="#333"/>')
    out.append(f'<text x="{W-R+30}" y="{y+10}">peer (hollow)</text>')
    out.append(f'<line x1="{W-R+12}" y1="{y+28}" x2="{W-R+28}" y2="{y+28}" stroke="#999" '
               'stroke-dasharray="3,3"/>')
    out.append(f'<text x="{W-R+30}" y="{y+32}">slope 1</text>')
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
