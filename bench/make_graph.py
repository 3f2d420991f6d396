#!/usr/bin/env python3
"""Edge lists for the packer's benchmarks (docs/performance.md, "The packer"), from Python's
random with a seed, so anyone can write the same file again.

  python3 bench/make_graph.py cycles N C SEED > g.edges
      the union of C random Hamiltonian cycles on N nodes: 2C-regular but for the few edges
      two cycles share (kept as parallel edges); bench/run_packing.sh uses N=100000 C=3 SEED=1
  python3 bench/make_graph.py bridged N C SEED L > g.edges
      two such graphs of N nodes each (nodes 0..N-1 and N..2N-1), joined by L links
      (7i -- N + 11i, i = 0..L-1): the connectivity is L, below the degree 2C
"""
import random
import sys


def cycles(out, r, n, c, base):
    for _ in range(c):
        p = list(range(n))
        r.shuffle(p)
        for i in range(n):
            out.write(f"{base + p[i]} {base + p[(i + 1) % n]}\n")


def main():
    mode, n, c, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    r, out = random.Random(seed), sys.stdout
    if mode == "cycles":
        out.write(f"# the union of {c} random Hamiltonian cycles on {n} nodes (seed {seed})\n")
        cycles(out, r, n, c, 0)
    elif mode == "bridged":
        links = int(sys.argv[5])
        out.write(f"# two unions of {c} random Hamiltonian cycles on {n} nodes (seed {seed}) "
                  f"joined by {links} links\n")
        cycles(out, r, n, c, 0)
        cycles(out, r, n, c, n)
        for i in range(links):
            out.write(f"{7 * i} {n + 11 * i}\n")
    else:
        sys.exit("usage: make_graph.py cycles N C SEED | bridged N C SEED L")


if __name__ == "__main__":
    main()
