#!/usr/bin/env python3
"""ForestColl (Zhao et al., "ForestColl: Throughput-Optimal Collective Communications on
Heterogeneous Network Fabrics", arXiv 2402.06787) on a treecast edge list, for
bench/run_optimal.sh (docs/performance.md, "Optimal schedules: synthesis time (issue 28)").

  FORESTCOLL=/tmp/forestcoll python3 bench/peer_forestcoll.py bound|trees|phases FILE.edges

Reads the edge list as treecast does (docs/formats.md: "u v", "u v C" both ways, "u v C_UV C_VU",
a line of one name declares a node, "@switch s1 s2 ..." marks switches, "#" comments) into a
networkx DiGraph with a 'capacity' on each direction; the compute nodes are the non-switches.
Then, timed by time.perf_counter around ForestColl's own call only (not the import, not the
reading):
  bound: OptimalBranchingsAlgo(G, capacitated=True, compute_nodes=C).binary_search() -> (U, k)
  trees: optimal_pipeline_spanning_trees(G, compute_nodes=C) -> (U, k), (Ts, Cs)
           (which also checks its own trees: spanning, congestion <= U)
  phases: the three steps of `trees` one by one (binary_search, removeSwitchNodes,
           BranchingGenerator.generate), with the seconds and the number of maximum flows
           (networkx.maximum_flow_value calls) of each; without trees' final checks
and prints one line of key=value: seconds, U and k as exact fractions of the floats returned,
the per-block rate k/U (treecast's `bound` rate: see below), ForestColl's algbw N k / U in
capacity units, the number of trees (trees only: ForestColl's (root, index) pairs, each with
Cs chunks of the k per root) and the peak resident memory of the process (ru_maxrss).

The conversion: ForestColl's optimal allgather time for M bytes in all (M/N per compute node)
is (M/N) * U/k with U/k = max over cuts S (leaving a compute node out) of |S & C| / B+(S), so its
algbw = M / time = N k / U. treecast's rate x = num/den is the least B+(S) / |S & C| per block,
a block of m = M/N bytes taking m / x: so x = k / U exactly, and algbw = N x.

Needs: Debian's /usr/bin/python3 with python3-networkx (apt-get install python3-networkx), and
ForestColl's Python files (pipeline_allgather.py) in the directory $FORESTCOLL (default
/tmp/forestcoll): `git clone https://github.com/liangyuRain/ForestColl /tmp/forestcoll`.
ForestColl's code is not part of treecast and is not copied here.
"""
import os
import resource
import sys
import time
from fractions import Fraction


def read_edges(path):
    """The edge list -> (DiGraph with 'capacity' per arc, compute nodes in file order)."""
    import networkx as nx

    g = nx.DiGraph()
    order, switches = {}, set()

    def node(name):
        if name not in order:
            order[name] = len(order)
            g.add_node(name)
        return name

    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if words[0] == "@switch":
                for w in words[1:]:
                    switches.add(node(w))
                continue
            if len(words) == 1:
                node(words[0])
                continue
            if len(words) > 4:
                sys.exit(f"{path}:{lineno}: more than u v C_UV C_VU")
            u, v = node(words[0]), node(words[1])
            c = [int(w) for w in words[2:]]
            cuv = c[0] if c else 1
            cvu = c[1] if len(c) > 1 else cuv
            for a, b, cap in ((u, v, cuv), (v, u, cvu)):
                if g.has_edge(a, b) and g[a][b]["capacity"] != cap:
                    sys.exit(f"{path}:{lineno}: {a} {b} given twice with other capacities")
                g.add_edge(a, b, capacity=cap)
    compute = [n for n in sorted(order, key=order.get) if n not in switches]
    return g, compute


def exact(x):
    """A float ForestColl returned, as the fraction it stands for (checked to round-trip)."""
    f = Fraction(x).limit_denominator(10**9)
    if float(f) != float(x):
        f = Fraction(x)
    return f


def phases(fc, g, compute):
    flows = [0]
    count = fc.nx.maximum_flow_value

    def counted(*args, **kwargs):
        flows[0] += 1
        return count(*args, **kwargs)

    fc.nx.maximum_flow_value = counted  # ForestColl calls it as nx.maximum_flow_value
    topo, scale = fc.scale_to_integer_capacities(fc.to_capacitated_graph(g))
    algo = fc.OptimalBranchingsAlgo(topo, capacitated=True, compute_nodes=compute)
    out = []

    def step(name, f):
        f0, t0 = flows[0], time.perf_counter()
        r = f()
        out.append(f"{name}={time.perf_counter() - t0:.3f}s/{flows[0] - f0}flows")
        return r

    U, k = step("bound", algo.binary_search)
    fg, _ = step("split", lambda: algo.removeSwitchNodes(U, k))
    Ts, _ = step("branchings", lambda: fc.BranchingGenerator(fg, k).generate())
    print(f"mode=phases nodes={g.number_of_nodes()} compute={len(compute)} " + " ".join(out) +
          f" U={exact(U) * exact(scale)} k={k} trees_before_mapping={len(Ts)}")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("bound", "trees", "phases"):
        sys.exit("usage: peer_forestcoll.py bound|trees|phases FILE.edges")
    mode, path = sys.argv[1], sys.argv[2]
    sys.path.insert(0, os.environ.get("FORESTCOLL", "/tmp/forestcoll"))
    try:
        import pipeline_allgather as fc
    except ImportError as e:
        sys.exit(f"peer_forestcoll.py: ForestColl not found ({e}); set FORESTCOLL to a clone of "
                 "https://github.com/liangyuRain/ForestColl")
    g, compute = read_edges(path)
    n = len(compute)
    if mode == "phases":
        return phases(fc, g, compute)
    t0 = time.perf_counter()
    if mode == "bound":
        algo = fc.OptimalBranchingsAlgo(g, capacitated=True, compute_nodes=compute)
        U, k = algo.binary_search()
        trees = "-"
    else:
        (U, k), (Ts, Cs) = fc.optimal_pipeline_spanning_trees(g, compute_nodes=compute)
        trees = len(Ts)
        assert all(sum(c for (r, _), c in Cs.items() if r == v) == k for v in compute)
    seconds = time.perf_counter() - t0
    Uf, kf = exact(U), Fraction(int(k))
    rate = kf / Uf
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"mode={mode} nodes={g.number_of_nodes()} compute={n} seconds={seconds:.3f} "
          f"U={Uf} k={kf} rate={rate} algbw={n * rate} trees={trees} peak_mib={peak:.1f}")


if __name__ == "__main__":
    main()
