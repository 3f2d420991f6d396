#!/usr/bin/env python3
"""The Markdown table of docs/performance.md, "Optimal schedules in SMPI", from the output of
bench/run_optimal_smpi_all.sh: one row per network, collective and size, with treecast's
simulated time and fraction of the optimal rate, the best built-in algorithm's, and the
speedup (its time over treecast's).  usage: optimal_smpi_table.py < output.txt"""
import re
import sys


def main():
    rows, head, runs = [], None, []

    def flush():
        if head is None:
            return
        coll, size, net, opt_us = head
        mine = [r for r in runs if r[0] == "treecast optimal"]
        others = [r for r in runs if r[0] != "treecast optimal" and r[1] is not None]
        best = min(others, key=lambda r: r[1]) if others else None
        t = mine[0] if mine and mine[0][1] is not None else None
        mib = f"{size // 1048576} MiB"
        cells = [net, coll, mib, f"{opt_us:.0f}"]
        cells += [f"{t[1]:.0f}", f"{t[2]:.3f}"] if t else ["-", "-"]
        if best:
            cells += [best[0], f"{best[1]:.0f}", f"{best[2]:.3f}"]
            cells += [f"{best[1] / t[1]:.2f}x" if t else "-"]
        else:
            cells += ["-", "-", "-", "-"]
        rows.append("| " + " | ".join(cells) + " |")

    for line in sys.stdin:
        m = re.match(r"# (\w+) of (\d+) bytes on (\S+) .*: ([0-9.]+) us;", line)
        if m:
            flush()
            head = (m.group(1), int(m.group(2)), m.group(3), float(m.group(4)))
            runs = []
            continue
        m = re.match(r"(\S.*?)\s{2,}([0-9.]+|-)\s+([0-9.]+|-)\s+", line)
        if m and head is not None and not line.startswith("algorithm"):
            us = None if m.group(2) == "-" else float(m.group(2))
            frac = None if m.group(3) == "-" else float(m.group(3))
            runs.append((m.group(1).strip(), us, frac))
    flush()
    print("| network | coll | size | optimum us | treecast us | of optimum | best built-in | its us"
          " | of optimum | treecast faster by |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(r)


if __name__ == "__main__":
    main()
