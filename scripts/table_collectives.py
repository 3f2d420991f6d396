#!/usr/bin/env python3
"""Measured rounds of every collective beside the paper's bound, as a Markdown table
(docs/collectives.md). usage: scripts/table_collectives.py [BUILD_DIR] [M]"""
import json
import subprocess
import sys

build = sys.argv[1] if len(sys.argv) > 1 else "build/release"
M = sys.argv[2] if len(sys.argv) > 2 else "1"
treecast = f"{build}/tools/treecast/treecast"


def row(plan, n, *extra):
    out = subprocess.run([treecast, "sim", plan, "--net", f"star:{n}", "--M", M, *extra,
                          "--format", "json"], check=True, capture_output=True, text=True)
    d = json.loads(out.stdout)
    b = d["bound"]
    pred = d["predicted_rounds"] if d["predicted_rounds"] >= 0 else "-"
    method = d["method"].split(":")[0].split(" ")[0]
    print(f"| {plan} | {n} | {d['M']} | {d['x']} | {d['rounds']} | {pred} | {b['time']:.0f} | "
          f"{b['time_printed']:.0f} | {d['rounds'] - b['time']:+.0f} | {d['queued_packets']} | "
          f"{d['transmissions']} | {b['transmissions']:.0f} | {method} |")


print("| plan | n | M | x | rounds | schedule predicts | bound | bound as printed | "
      "rounds - bound | queued packets | transmissions | paper's transmissions | method |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for n in (4, 5, 6, 7):
    for plan in ("bcast-bfs", "bcast", "ft-bcast", "multinode", "scatter", "total-exchange"):
        row(plan, n)
for n in (8, 9):
    for plan in ("bcast", "ft-bcast", "multinode", "total-exchange"):
        row(plan, n)
