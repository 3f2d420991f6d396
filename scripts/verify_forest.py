#!/usr/bin/env python3
"""verify_forest.py -- independent checker for treecast forest JSON documents.

This script deliberately shares no code or assumptions with treecast's C
implementation.  It trusts nothing but the node *labels*: the network is
rebuilt from scratch, from the definitions written below, and every node id
is resolved through its label, so any numbering of the ids is accepted.

Networks ("network" object: "family", its parameters, and "nodes"):
  star    n    S_n: permutations of 1..n; p ~ q iff q is p with positions 1
               and k swapped (2 <= k <= n).
  bubble  n    B_n: permutations of 1..n; p ~ q iff q is p with two adjacent
               positions i, i+1 swapped (1 <= i <= n-1).
  pancake n    P_n: permutations of 1..n; p ~ q iff q is p with a prefix of
               length d reversed (2 <= d <= n).
  cube    n    Q_n: n-bit strings; x ~ y iff they differ in exactly one bit.
  fcube   n    FQ_n (folded hypercube): n-bit strings; x ~ y iff they differ
               in exactly one bit or in all n bits.
  icube   n,k  I_k^n (incomplete hypercube, 0 <= k < n): the 2^n + 2^k nodes
               of Q_{n+1} whose (n+1)-bit address is 0x (x any n bits: the
               front n-cube) or 1 0^(n-k) y (y any k bits: the back k-cube);
               x ~ y iff the addresses differ in exactly one bit.
  torus   n,k  T(n,k): n digits 0..k-1 (k >= 3), most significant dimension
               first; x ~ y iff they differ in exactly one digit, by +-1
               modulo k.
  graph        any graph: the network object carries "labels" (the label of
               every network id) and "edges" (undirected [u, v] id pairs).
The fabrics carry "spec" ("fattree:4"), which names them whole.  Hosts are
labelled h0, h1, ... and hang from the switches in order, `per` to each;
switches are numbered within their tier (below, in parentheses):
  fattree   K        K pods of K/2 edge (e) and K/2 aggregation (a) switches,
                     all edge-aggregation pairs of a pod joined; (K/2)^2 core
                     switches (c), aggregation a of pod p (a-index p K/2 + i)
                     joined to cores i K/2 .. i K/2 + K/2 - 1; K/2 hosts per
                     edge switch.
  leafspine L,S,H,R  L leaves (l), S spines (s), every leaf to every spine, H
                     hosts per leaf (capacities are not checked).
  dragonfly A,P,H    G = A H + 1 groups of A routers (r, group by group), all
                     to all within a group; link l (0 <= l < A H) of group g,
                     at router l // H, to group (g + l + 1) mod G, at that
                     group's router (G - 2 - l) // H; P hosts per router.
  hyperx    L,S,T    S^L switches (s i: the base-S digits of i), joined when
                     exactly one digit differs; T hosts per switch.
  slimfly   Q[,P]    the MMS graph: routers (0,x,y) = r(x Q + y) and
                     (1,m,c) = r(Q^2 + m Q + c); (0,x,y)~(0,x,y') iff y - y' in
                     X, (1,m,c)~(1,m,c') iff c - c' in X', (0,x,y)~(1,m,c) iff
                     y = m x + c mod Q, X and X' from the least primitive root
                     (Besta and Hoefler, SC 2014); P default ceil(k'/2).
  polarfly  Q[,P]    the points of PG(2,Q): r0 = (0,0,1), r(1+b) = (0,1,b),
                     r(1+Q+aQ+b) = (1,a,b), joined when their dot product is
                     0 mod Q; P default ceil((Q+1)/2).
A permutation label is compact ("3517246", n <= 9 only) or comma-separated
("3,5,1,7,2,4,6"); a torus label likewise ("0120" only when k <= 10, or
"0,1,2,0"); a bit string is most significant bit first ("01000").

Input (path argument, or "-" for stdin):
  {"format_version": 1,
   "network": {"family": "star", "n": N, "nodes": N!},
   "kind": "edt", "root": "LABEL",
   "trees": [{"index": l, "root_child": "LABEL", "parent": [...]}, ...],
   "labels": ["LABEL of id 0", ...]}
"labels" (write it with `treecast trees --format json --labels`) is required
except on a graph, where the ids are then the network's own.  It must hold
every node of the network exactly once.  parent[i] is the parent id of node
i, -1 for the root, null if the tree does not contain node i.  Extra keys
are ignored (so is a tree's own "root": every tree is checked against the
document's "root").

Properties printed (one line each, "name: measured -- verdict"):
  trees              number of trees (must be n-1 when kind == "edt" on S_n)
  rooted             each tree has exactly one -1 parent, at the root label
  edges              every (node, parent) pair is an edge of the network
  spanning           every node reaches the root by following parents
  depth              depth of every tree (checked against --expect-depth D)
  directed-disjoint  no directed edge parent->child is in two trees
  undirected-use     how many network edges are used by 0, 1, 2, ... trees
                     (info)
  independent        paths from any v to the root in different trees share
                     only v and the root (skip with --no-independence)
  root-children      each tree's root_child has the root as its parent

Exit status: 0 all mandatory properties hold, 1 some failed,
2 usage error / unreadable file, 3 malformed document.
"""

import argparse
import json
import math
import sys
from collections import Counter

PROG = "verify_forest"


class FormatError(Exception):
    """The document does not have the required shape."""


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def get_param(net, key, lo, hi, family):
    """net[key] as an int in lo..hi (hi None: unbounded), else FormatError."""
    v = net.get(key)
    if not is_int(v) or v < lo or (hi is not None and v > hi):
        want = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise FormatError(f"network.{key} is {v!r}, expected an integer {want} for family {family!r}")
    return v


def split_digits(s, count, compact_ok, what, compact_rule):
    """Split label s into `count` decimal numbers (comma-separated, or one
    character each when compact_ok); return the list of ints."""
    if not isinstance(s, str):
        raise FormatError(f"{what} is not a string")
    if "," in s or count == 1:
        parts = [p.strip() for p in s.split(",")]
    elif compact_ok:
        parts = list(s)
    else:
        raise FormatError(f"{what} {s!r}: compact labels need {compact_rule}")
    if not all(p and p.isascii() and p.isdigit() for p in parts):
        raise FormatError(f"{what} {s!r} is not a list of numbers")
    return [int(p) for p in parts]


# --------------------------------------------------------------------------
# The networks.  Each one knows its name, its number of nodes, how to turn a
# label into a hashable key (rejecting anything that is not a node), the keys
# of a node's neighbours, and how to print a key.


class PermutationNetwork:
    """S_n, B_n or P_n: nodes are the permutations of 1..n."""

    def __init__(self, family, n):
        self.family = family
        self.n = n
        self.name = {"star": "S", "bubble": "B", "pancake": "P"}[family] + f"_{n}"
        self.size = math.factorial(n)
        self.size_text = f"{n}! = {self.size}"

    def parse(self, s, what):
        n = self.n
        perm = tuple(split_digits(s, n, n <= 9, what, "n <= 9"))
        if sorted(perm) != list(range(1, n + 1)):
            raise FormatError(f"{what} {s!r} is not a permutation of 1..{n}")
        return perm

    def neighbours(self, p):
        n = self.n
        out = []
        if self.family == "star":  # swap positions 1 and k, k = 2..n
            for k in range(1, n):
                q = list(p)
                q[0], q[k] = q[k], q[0]
                out.append(tuple(q))
        elif self.family == "bubble":  # swap positions i and i+1, i = 1..n-1
            for i in range(n - 1):
                q = list(p)
                q[i], q[i + 1] = q[i + 1], q[i]
                out.append(tuple(q))
        else:  # pancake: reverse the prefix of length d, d = 2..n
            for d in range(2, n + 1):
                out.append(p[d - 1::-1] + p[d:])
        return out

    def show(self, p):
        return ",".join(map(str, p))


class BitNetwork:
    """Q_n, FQ_n and I_k^n: nodes are bit strings (keys: ints)."""

    def __init__(self, family, n, k=None):
        self.family = family
        self.n = n
        self.k = k
        if family == "cube":
            self.name = f"Q_{n}"
            self.width = n
            self.size = 2 ** n
            self.size_text = f"2^{n} = {self.size}"
        elif family == "fcube":
            self.name = f"FQ_{n}"
            self.width = n
            self.size = 2 ** n
            self.size_text = f"2^{n} = {self.size}"
        else:
            self.name = f"I_{k}^{n}"
            self.width = n + 1
            self.size = 2 ** n + 2 ** k
            self.size_text = f"2^{n} + 2^{k} = {self.size}"

    def is_node(self, x):
        if self.family != "icube" or x >> self.n == 0:
            return True  # every n-bit string; or the front n-cube 0x of I_k^n
        # back k-cube: 1 0^(n-k) y, i.e. bits k..n-1 are all zero
        return (x >> self.k) & ((1 << (self.n - self.k)) - 1) == 0

    def parse(self, s, what):
        if not isinstance(s, str):
            raise FormatError(f"{what} is not a string")
        w = self.width
        if len(s) != w or any(c not in "01" for c in s):
            raise FormatError(f"{what} {s!r} is not a string of {w} bits")
        x = int(s, 2)
        if not self.is_node(x):
            raise FormatError(f"{what} {s!r} is not a node of {self.name} "
                              f"(a back-cube address is 1 0^{self.n - self.k} y)")
        return x

    def neighbours(self, x):
        out = [x ^ (1 << b) for b in range(self.width)]
        if self.family == "fcube":
            out.append(x ^ ((1 << self.n) - 1))  # the complement
        elif self.family == "icube":
            out = [y for y in out if self.is_node(y)]
        return out

    def show(self, x):
        return format(x, f"0{self.width}b")


class TorusNetwork:
    """T(n,k): n-dimensional torus of rings of k nodes (keys: digit tuples)."""

    def __init__(self, n, k):
        self.family = "torus"
        self.n = n
        self.k = k
        self.name = f"T({n},{k})"
        self.size = k ** n
        self.size_text = f"{k}^{n} = {self.size}"

    def parse(self, s, what):
        digits = split_digits(s, self.n, self.k <= 10, what, "k <= 10")
        if len(digits) != self.n:
            raise FormatError(f"{what} {s!r} has {len(digits)} digits, expected {self.n}")
        for d in digits:
            if d >= self.k:
                raise FormatError(f"{what} {s!r}: digit {d} is out of range 0..{self.k - 1} "
                                  f"for {self.name}")
        return tuple(digits)

    def neighbours(self, t):
        out = []
        for i in range(self.n):
            for step in (1, -1):
                q = list(t)
                q[i] = (q[i] + step) % self.k
                out.append(tuple(q))
        return out

    def show(self, t):
        return ",".join(map(str, t))


class GraphNetwork:
    """Any graph given in the document (keys: the network's own ids)."""

    def __init__(self, net):
        self.family = "graph"
        self.n = None
        name = net.get("name")
        self.name = name if isinstance(name, str) and name else "the graph"
        labels = net.get("labels")
        if not isinstance(labels, list):
            raise FormatError("network.labels (the graph's node labels) missing or not a list")
        self.size = len(labels)
        self.size_text = f"{self.size} = len(network.labels)"
        self.labels = labels
        self.index = {}
        for i, s in enumerate(labels):
            if not isinstance(s, str):
                raise FormatError(f"network.labels[{i}] is not a string")
            if s in self.index:
                raise FormatError(f"network.labels[{i}] duplicates network.labels[{self.index[s]}]")
            self.index[s] = i
        edges = net.get("edges")
        if not isinstance(edges, list):
            raise FormatError(f"network.edges (the edges of {self.name}) missing or not a list")
        adj = [set() for _ in labels]
        for e, uv in enumerate(edges):
            if (not isinstance(uv, list) or len(uv) != 2
                    or not all(is_int(x) for x in uv)):
                raise FormatError(f"network.edges[{e}] is {uv!r}, expected a pair of ids")
            u, v = uv
            for x in (u, v):
                if not 0 <= x < self.size:
                    raise FormatError(f"network.edges[{e}] = {uv!r}: id {x} is out of range "
                                      f"0..{self.size - 1}")
            if u == v:
                raise FormatError(f"network.edges[{e}] = {uv!r} is a loop")
            adj[u].add(v)
            adj[v].add(u)
        self.adj = [sorted(a) for a in adj]

    def parse(self, s, what):
        if not isinstance(s, str):
            raise FormatError(f"{what} is not a string")
        if s not in self.index:
            raise FormatError(f"{what} {s!r} is not a node of {self.name}")
        return self.index[s]

    def neighbours(self, i):
        return self.adj[i]

    def show(self, i):
        return self.labels[i]


def _primitive_root(q):
    for g in range(2, q):
        if len({pow(g, e, q) for e in range(q - 1)}) == q - 1:
            return g
    return 1


def _fabric_edges(family, v):
    """(hosts per switch, the switches with hosts (the first ones), switch labels, edges
    between switch indices) of a fabric."""
    if family == "fattree":
        (k,) = v
        h = k // 2
        names = ([f"e{i}" for i in range(k * h)] + [f"a{i}" for i in range(k * h)]
                 + [f"c{i}" for i in range(h * h)])
        A, C = k * h, 2 * k * h
        edges = []
        for pod in range(k):
            for i in range(h):
                for j in range(h):
                    edges.append((pod * h + i, A + pod * h + j))
                    edges.append((A + pod * h + i, C + i * h + j))
        return h, k * h, names, edges
    if family == "leafspine":
        L, S, H, _ = v
        names = [f"l{i}" for i in range(L)] + [f"s{j}" for j in range(S)]
        return H, L, names, [(i, L + j) for i in range(L) for j in range(S)]
    if family == "dragonfly":
        A, P, H = v
        G = A * H + 1
        edges = [(g * A + i, g * A + j) for g in range(G) for i in range(A)
                 for j in range(i + 1, A)]
        for g in range(G):
            for link in range(A * H):
                g2 = (g + link + 1) % G
                if g < g2:
                    edges.append((g * A + link // H, g2 * A + (G - 2 - link) // H))
        return P, A * G, [f"r{i}" for i in range(A * G)], edges
    if family == "hyperx":
        L, S, T = v
        n = S ** L
        digits = [[(i // S ** d) % S for d in range(L)] for i in range(n)]
        edges = [(i, j) for i in range(n) for j in range(i + 1, n)
                 if sum(a != b for a, b in zip(digits[i], digits[j])) == 1]
        return T, n, [f"s{i}" for i in range(n)], edges
    if family == "slimfly":
        q = v[0]
        delta = 1 if q % 4 == 1 else -1
        w = (q - delta) // 4
        xi = _primitive_root(q)
        if delta == 1:
            ex, exp = range(0, q - 2, 2), range(1, q - 1, 2)
        else:
            ex = list(range(0, 2 * w - 1, 2)) + list(range(2 * w - 1, 4 * w - 2, 2))
            exp = list(range(1, 2 * w, 2)) + list(range(2 * w, 4 * w - 1, 2))
        X = {pow(xi, e, q) for e in ex}
        Xp = {pow(xi, e, q) for e in exp}
        kp = (3 * q - delta) // 2
        per = v[1] if len(v) > 1 else (kp + 1) // 2
        edges = []
        for a in range(q):
            for b in range(q):
                for b2 in range(b + 1, q):
                    if (b - b2) % q in X:
                        edges.append((a * q + b, a * q + b2))
                    if (b - b2) % q in Xp:
                        edges.append((q * q + a * q + b, q * q + a * q + b2))
                for m in range(q):
                    edges.append((a * q + b, q * q + m * q + (b - m * a) % q))
        return per, 2 * q * q, [f"r{i}" for i in range(2 * q * q)], edges
    if family == "polarfly":
        q = v[0]
        per = v[1] if len(v) > 1 else (q + 2) // 2
        pts = [(0, 0, 1)] + [(0, 1, b) for b in range(q)] + [
            (1, a, b) for a in range(q) for b in range(q)]
        edges = [(i, j) for i in range(len(pts)) for j in range(i + 1, len(pts))
                 if sum(x * y for x, y in zip(pts[i], pts[j])) % q == 0]
        return per, len(pts), [f"r{i}" for i in range(len(pts))], edges
    raise FormatError(f"network.family {family!r} is not a fabric")


FABRIC_ARITY = {"fattree": (1, 1), "leafspine": (4, 4), "dragonfly": (3, 3), "hyperx": (3, 3),
                "slimfly": (1, 2), "polarfly": (1, 2)}


class FabricNetwork:
    """A fabric named by its "spec": hosts h0.. and switches (keys: the labels)."""

    def __init__(self, net):
        self.family = net.get("family")
        spec = net.get("spec")
        if not isinstance(spec, str) or not spec.startswith(self.family + ":"):
            raise FormatError(f"network.spec is {spec!r}, expected \"{self.family}:...\"")
        text = spec[len(self.family) + 1:]
        lo, hi = FABRIC_ARITY[self.family]
        parts = text.split(",")
        if not lo <= len(parts) <= hi or not all(p.isascii() and p.isdigit() for p in parts):
            raise FormatError(f"network.spec {spec!r} is not {lo}..{hi} integers")
        v = [int(p) for p in parts]
        if v[0] > 64 or (len(v) > 1 and max(v) > 1000):
            raise FormatError(f"network.spec {spec!r} is larger than this checker builds")
        per, bearing, names, edges = _fabric_edges(self.family, v)
        if not 1 <= bearing <= len(names) or per < 1:
            raise FormatError(f"network.spec {spec!r} builds no fabric")
        hosts = [f"h{i}" for i in range(per * bearing)]
        self.name = spec
        self.n = v[0]
        self.labels = hosts + names
        self.size = len(self.labels)
        self.size_text = f"{self.size} (its hosts and switches)"
        adj = {s: set() for s in self.labels}
        for i, h in enumerate(hosts):
            adj[h].add(names[i // per])
            adj[names[i // per]].add(h)
        for u, w in edges:
            adj[names[u]].add(names[w])
            adj[names[w]].add(names[u])
        self.adj = {s: sorted(a) for s, a in adj.items()}

    def parse(self, s, what):
        if not isinstance(s, str):
            raise FormatError(f"{what} is not a string")
        if s not in self.adj:
            raise FormatError(f"{what} {s!r} is not a node of {self.name}")
        return s

    def neighbours(self, key):
        return self.adj[key]

    def show(self, key):
        return key


def make_network(net):
    """Rebuild the network named by the document's "network" object."""
    family = net.get("family")
    if family == "star":
        return PermutationNetwork(family, get_param(net, "n", 2, 12, family))
    if family in ("bubble", "pancake"):
        return PermutationNetwork(family, get_param(net, "n", 2, 12, family))
    if family == "cube":
        return BitNetwork(family, get_param(net, "n", 1, 40, family))
    if family == "fcube":
        return BitNetwork(family, get_param(net, "n", 2, 40, family))
    if family == "icube":
        n = get_param(net, "n", 1, 40, family)
        k = get_param(net, "k", 0, n - 1, family)
        return BitNetwork(family, n, k)
    if family == "torus":
        return TorusNetwork(get_param(net, "n", 1, 64, family),
                            get_param(net, "k", 3, None, family))
    if family == "graph":
        return GraphNetwork(net)
    if family in FABRIC_ARITY:
        return FabricNetwork(net)
    raise FormatError(f"network.family is {family!r}, expected one of star, cube, icube, "
                      "bubble, pancake, torus, fcube, fattree, leafspine, dragonfly, hyperx, "
                      "slimfly, polarfly, graph")


def load_document(doc):
    """Validate doc strictly; return (net, kind, keys, ids, root, trees)."""
    if not isinstance(doc, dict):
        raise FormatError("document is not a JSON object")
    if doc.get("format_version") != 1 or not is_int(doc.get("format_version")):
        raise FormatError(f"format_version is {doc.get('format_version')!r}, expected 1")
    netobj = doc.get("network")
    if not isinstance(netobj, dict):
        raise FormatError("missing network object")
    net = make_network(netobj)
    size = net.size
    if netobj.get("nodes") != size or not is_int(netobj.get("nodes")):
        raise FormatError(f"network.nodes is {netobj.get('nodes')!r}, "
                          f"expected {net.size_text} ({net.name})")
    kind = doc.get("kind")
    if not isinstance(kind, str):
        raise FormatError("kind is missing or not a string")

    labels = doc.get("labels")
    if labels is None and net.family == "graph":
        keys = list(range(size))  # no labels: the ids are the network's ids
    else:
        if labels is None:
            raise FormatError(f"labels missing: on {net.name} every id is resolved through "
                              "its label (write them with treecast trees --format json --labels)")
        if not isinstance(labels, list):
            raise FormatError("labels missing or not a list")
        if len(labels) != size:
            raise FormatError(f"labels has {len(labels)} entries, expected {size} ({net.name})")
        keys = [net.parse(s, f"labels[{i}]") for i, s in enumerate(labels)]
    ids = {}
    for i, key in enumerate(keys):
        if key in ids:
            raise FormatError(f"labels[{i}] duplicates labels[{ids[key]}]")
        ids[key] = i
    # size distinct nodes of a size-node network: the labels are its node set

    root_key = net.parse(doc.get("root"), "root")
    if root_key not in ids:  # cannot happen once all labels are distinct
        raise FormatError("root label not among labels")
    root = ids[root_key]

    raw = doc.get("trees")
    if not isinstance(raw, list) or not raw:
        raise FormatError("trees missing, not a list, or empty")
    trees = []
    for t, tr in enumerate(raw):
        if not isinstance(tr, dict):
            raise FormatError(f"trees[{t}] is not an object")
        par = tr.get("parent")
        if not isinstance(par, list) or len(par) != size:
            got = len(par) if isinstance(par, list) else type(par).__name__
            raise FormatError(f"trees[{t}].parent has length {got}, expected {size}")
        for i, p in enumerate(par):
            if p is not None and (not is_int(p) or not -1 <= p < size):
                raise FormatError(f"trees[{t}].parent[{i}] = {p!r} is not an id, -1 or null")
        rc_label = tr.get("root_child")
        if rc_label == "":
            rc = None  # the root has no child in this tree
        else:
            rc_key = net.parse(rc_label, f"trees[{t}].root_child")
            if rc_key not in ids:
                raise FormatError(f"trees[{t}].root_child not among labels")
            rc = ids[rc_key]
        trees.append({"index": tr.get("index", t), "root_child": rc, "parent": par})
    return net, kind, keys, ids, root, trees


def neighbours(net, keys, ids):
    """nbr[i] = tuple of the ids of the network neighbours of id i."""
    return [tuple(dict.fromkeys(ids[q] for q in net.neighbours(key))) for key in keys]


def depths(par, root):
    """Depth of every node (-1 if it does not reach root), memoised walk."""
    size = len(par)
    unknown = -2
    dep = [unknown] * size
    mark = [-1] * size
    dep[root] = 0
    for v in range(size):
        if dep[v] != unknown:
            continue
        path = []
        u = v
        base = -1
        while dep[u] == unknown and mark[u] != v:
            mark[u] = v
            path.append(u)
            p = par[u]
            if p is None or p < 0:
                break  # reached a null or a second "root": does not reach
            u = p
        else:
            base = dep[u]  # known depth, or still unknown => cycle
            if base == unknown:
                base = -1
        for w in reversed(path):
            base = base + 1 if base >= 0 else -1
            dep[w] = base
    return dep


def independent_violations(trees, deps, root):
    """Count nodes v whose root paths in different trees share a node."""
    size = len(deps[0])
    mark = [-1] * size
    bad = 0
    for v in range(size):
        if v == root:
            continue
        if any(d[v] < 0 for d in deps):
            bad += 1
            continue
        ok = True
        for tr in trees:
            par = tr["parent"]
            u = par[v]
            while u != root:
                if mark[u] == v:
                    ok = False
                    break
                mark[u] = v
                u = par[u]
            if not ok:
                break
        bad += not ok
    return bad


def verdict(ok):
    return "ok" if ok else "FAIL"


def check(net, kind, keys, ids, root, trees, expect_depth, independence):
    """Print one line per property; return the list of failed names."""
    size = len(keys)
    nbr = neighbours(net, keys, ids)
    nbr_sets = [frozenset(row) for row in nbr]
    failed = []

    def report(name, measured, ok=None):
        v = "info" if ok is None else verdict(ok)
        print(f"{name}: {measured} -- {v}")
        if ok is False:
            failed.append(name)

    T = len(trees)
    if kind == "edt" and net.family == "star":
        n = net.n
        report("trees", f"{T} (kind edt needs n-1 = {n - 1})", T == n - 1)
    else:
        report("trees", f"{T} (kind {kind!r})")

    bad_root = [tr["index"] for tr in trees
                if [i for i, p in enumerate(tr["parent"]) if p == -1] != [root]]
    report("rooted", f"{T - len(bad_root)}/{T} trees rooted at {net.show(keys[root])}"
           + (f", bad trees {bad_root}" if bad_root else ""), not bad_root)

    non_edges = sum(1 for tr in trees for i, p in enumerate(tr["parent"])
                    if p is not None and p >= 0 and p not in nbr_sets[i])
    report("edges", f"{non_edges} non-edges", non_edges == 0)

    deps = [depths(tr["parent"], root) for tr in trees]
    unreached = [sum(1 for d in dep if d < 0) for dep in deps]
    report("spanning", f"nodes not reaching the root per tree {unreached}",
           not any(unreached))

    dlist = [max(dep) for dep in deps]
    if expect_depth is None:
        report("depth", f"{dlist}")
    else:
        report("depth", f"{dlist} (expected {expect_depth})",
               all(d == expect_depth for d in dlist) and not any(unreached))

    directed = Counter(p * size + i for tr in trees
                       for i, p in enumerate(tr["parent"]) if p is not None and p >= 0)
    shared = sum(1 for c in directed.values() if c > 1)
    report("directed-disjoint", f"{shared} directed edges in more than one tree", shared == 0)

    undirected = Counter()
    for key, c in directed.items():
        p, i = divmod(key, size)
        if p in nbr_sets[i]:
            undirected[min(p, i) * size + max(p, i)] += c
    total = sum(len(row) for row in nbr) // 2
    hist = Counter(undirected.values())
    hist[0] = total - len(undirected)
    report("undirected-use", f"{total} edges; " +
           ", ".join(f"{hist[k]} used {k}x" for k in sorted(hist)))

    if independence:
        bad = independent_violations(trees, deps, root)
        report("independent", f"{bad} violating nodes", bad == 0)
    else:
        report("independent", "skipped (--no-independence)")

    bad_rc = [tr["index"] for tr in trees
              if (tr["parent"][tr["root_child"]] != root if tr["root_child"] is not None
                  else size > 1)]
    report("root-children", f"{T - len(bad_rc)}/{T} root_child entries hang off the root"
           + (f", bad trees {bad_rc}" if bad_rc else ""), not bad_rc)
    return failed


def main(argv=None):
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    ap.add_argument("forest", help="forest JSON file, or - for stdin")
    ap.add_argument("--expect-depth", type=int, metavar="D",
                    help="require every tree to have depth D")
    ap.add_argument("--no-independence", action="store_true",
                    help="skip the (slowest) independence check")
    args = ap.parse_args(argv)

    try:
        if args.forest == "-":
            text = sys.stdin.read()
        else:
            with open(args.forest, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"{PROG}: error: cannot read {args.forest}: {e}", file=sys.stderr)
        return 2
    try:
        doc = load_document(json.loads(text))
    except json.JSONDecodeError as e:
        print(f"{PROG}: error: invalid JSON: {e}", file=sys.stderr)
        return 3
    except FormatError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 3

    failed = check(*doc, args.expect_depth, not args.no_independence)
    if failed:
        print(f"{PROG}: FAILED ({', '.join(failed)})")
        return 1
    print(f"{PROG}: OK")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        sys.exit(1)
