#!/usr/bin/env python3
"""Edge lists of fabrics with switches and capacities (docs/formats.md, "Capacities and
switches"), so that treecast (`--net graph:FILE`) and a peer that reads the same file
(bench/peer_forestcoll.py, ForestColl) compute over the SAME graph. The nodes are declared
first, one name a line, in the id order of treecast's built-in family (hosts h0.. first, then
the switches), so that `treecast info` and `treecast bound` of the file and of the built-in
spec agree node for node (bench/run_optimal.sh checks that they do).

  python3 bench/make_fabric.py fattree K > ftK.edges
      the k-ary fat-tree of Al-Fares et al. (= treecast's fattree:K): K pods of K/2 edge (e)
      and K/2 aggregation (a) switches, complete bipartite within a pod, aggregation switch i of
      a pod to core (c) switches iK/2 .. iK/2+K/2-1, K/2 hosts per edge switch; capacity 1
  python3 bench/make_fabric.py leafspine L S H R > ls.edges
      treecast's leafspine:L,S,H,R: L leaves (l), S spines (s), H hosts per leaf; with
      g = gcd(RS, H) a host link has capacity RS/g and a leaf-spine link H/g (both ways)
  python3 bench/make_fabric.py torus A B > t.edges
      the A x B torus of compute nodes only (no switch), capacity 1, node (i, j) = i*B + j
      named tI_J: for A = B = K >= 3 the same graph as treecast's torus:2,K

Needs only Python 3's standard library.
"""
import math
import sys


def declare(out, names):
    for n in names:
        out.write(n + "\n")


def switches(out, names, per_line=32):
    for i in range(0, len(names), per_line):
        out.write("@switch " + " ".join(names[i:i + per_line]) + "\n")


def fattree(out, k):
    if k < 2 or k % 2:
        sys.exit("make_fabric.py: fattree K needs an even K >= 2")
    h = k // 2
    hosts = [f"h{i}" for i in range(k * h * h)]
    edge = [f"e{i}" for i in range(k * h)]
    agg = [f"a{i}" for i in range(k * h)]
    core = [f"c{i}" for i in range(h * h)]
    out.write(f"# fattree:{k}: the {k}-ary fat-tree (Al-Fares et al. 2008), {len(hosts)} hosts, "
              f"{len(edge) + len(agg) + len(core)} switches, capacity 1\n")
    declare(out, hosts + edge + agg + core)
    switches(out, edge + agg + core)
    for i, host in enumerate(hosts):
        out.write(f"{host} {edge[i // h]}\n")
    for pod in range(k):
        for i in range(h):
            for j in range(h):
                out.write(f"{edge[pod * h + i]} {agg[pod * h + j]}\n")
                out.write(f"{agg[pod * h + i]} {core[i * h + j]}\n")


def leafspine(out, n_leaf, n_spine, per_leaf, r):
    g = math.gcd(r * n_spine, per_leaf)
    c_host, c_up = r * n_spine // g, per_leaf // g
    hosts = [f"h{i}" for i in range(n_leaf * per_leaf)]
    leaves = [f"l{i}" for i in range(n_leaf)]
    spines = [f"s{i}" for i in range(n_spine)]
    out.write(f"# leafspine:{n_leaf},{n_spine},{per_leaf},{r}: host links {c_host}, "
              f"leaf-spine links {c_up}\n")
    declare(out, hosts + leaves + spines)
    switches(out, leaves + spines)
    for i, host in enumerate(hosts):
        out.write(f"{host} {leaves[i // per_leaf]} {c_host}\n")
    for leaf in leaves:
        for spine in spines:
            out.write(f"{leaf} {spine} {c_up}\n")


def torus(out, a, b):
    name = lambda i, j: f"t{i}_{j}"
    out.write(f"# the {a} x {b} torus, compute nodes only, capacity 1\n")
    declare(out, [name(i, j) for i in range(a) for j in range(b)])
    for i in range(a):
        for j in range(b):
            out.write(f"{name(i, j)} {name((i + 1) % a, j)}\n")
            out.write(f"{name(i, j)} {name(i, (j + 1) % b)}\n")


def main():
    args = sys.argv[1:]
    try:
        if len(args) == 2 and args[0] == "fattree":
            fattree(sys.stdout, int(args[1]))
        elif len(args) == 5 and args[0] == "leafspine":
            leafspine(sys.stdout, *map(int, args[1:]))
        elif len(args) == 3 and args[0] == "torus":
            torus(sys.stdout, int(args[1]), int(args[2]))
        else:
            raise ValueError
    except ValueError:
        sys.exit("usage: make_fabric.py fattree K | leafspine L S H R | torus A B")


if __name__ == "__main__":
    main()
