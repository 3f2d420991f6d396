#!/usr/bin/env python3
"""verify_forest.py -- independent checker for treecast forest JSON documents.

This script deliberately shares no code or assumptions with treecast's C
implementation.  It trusts nothing but the node *labels*: the star graph S_n
is rebuilt from scratch (two permutations are adjacent along dimension k,
2 <= k <= n, iff one is obtained from the other by swapping positions 1 and
k), and every node id is resolved through its label, so any numbering of the
ids is accepted.

Input (path argument, or "-" for stdin):
  {"format_version": 1,
   "network": {"family": "star", "n": N, "nodes": N!},
   "kind": "edt", "root": "LABEL",
   "trees": [{"index": l, "root_child": "LABEL", "parent": [...]}, ...],
   "labels": ["LABEL of id 0", ...]}
A LABEL is a permutation of 1..n, compact ("3517246", n <= 9 only) or
comma-separated ("3,5,1,7,2,4,6").  parent[i] is the parent id of node i,
-1 for the root, null if the tree does not contain node i.  Extra keys are
ignored.

Properties printed (one line each, "name: measured -- verdict"):
  trees              number of trees (must be n-1 when kind == "edt")
  rooted             each tree has exactly one -1 parent, at the root label
  edges              every (node, parent) pair is an edge of S_n
  spanning           every node reaches the root by following parents
  depth              depth of every tree (checked against --expect-depth D)
  directed-disjoint  no directed edge parent->child is in two trees
  undirected-use     how many S_n edges are used by 0, 1, 2, ... trees (info)
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


def parse_label(s, n, what):
    """Return the permutation tuple of label string s, or raise FormatError."""
    if not isinstance(s, str):
        raise FormatError(f"{what} is not a string")
    if "," in s:
        parts = [p.strip() for p in s.split(",")]
    elif n <= 9:
        parts = list(s)
    else:
        raise FormatError(f"{what} {s!r}: compact labels need n <= 9")
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise FormatError(f"{what} {s!r} is not a list of numbers")
    perm = tuple(int(p) for p in parts)
    if sorted(perm) != list(range(1, n + 1)):
        raise FormatError(f"{what} {s!r} is not a permutation of 1..{n}")
    return perm


def load_document(doc):
    """Validate doc strictly; return (n, kind, perms, ids, root, trees)."""
    if not isinstance(doc, dict):
        raise FormatError("document is not a JSON object")
    if doc.get("format_version") != 1 or not is_int(doc.get("format_version")):
        raise FormatError(f"format_version is {doc.get('format_version')!r}, expected 1")
    net = doc.get("network")
    if not isinstance(net, dict):
        raise FormatError("missing network object")
    if net.get("family") != "star":
        raise FormatError(f"network.family is {net.get('family')!r}, expected \"star\"")
    n = net.get("n")
    if not is_int(n) or not 2 <= n <= 12:
        raise FormatError(f"network.n is {n!r}, expected an integer 2..12")
    size = math.factorial(n)
    if net.get("nodes") != size or not is_int(net.get("nodes")):
        raise FormatError(f"network.nodes is {net.get('nodes')!r}, expected {n}! = {size}")
    kind = doc.get("kind")
    if not isinstance(kind, str):
        raise FormatError("kind is missing or not a string")

    labels = doc.get("labels")
    if not isinstance(labels, list):
        raise FormatError("labels missing or not a list")
    if len(labels) != size:
        raise FormatError(f"labels has {len(labels)} entries, expected {size}")
    perms = [parse_label(s, n, f"labels[{i}]") for i, s in enumerate(labels)]
    ids = {}
    for i, p in enumerate(perms):
        if p in ids:
            raise FormatError(f"labels[{i}] duplicates labels[{ids[p]}]")
        ids[p] = i

    root_perm = parse_label(doc.get("root"), n, "root")
    if root_perm not in ids:  # cannot happen once all n! labels are distinct
        raise FormatError("root label not among labels")
    root = ids[root_perm]

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
        rc = parse_label(tr.get("root_child"), n, f"trees[{t}].root_child")
        if rc not in ids:
            raise FormatError(f"trees[{t}].root_child not among labels")
        trees.append({"index": tr.get("index", t), "root_child": ids[rc], "parent": par})
    return n, kind, perms, ids, root, trees


def neighbours(n, perms, ids):
    """nbr[i] = tuple of the n-1 S_n neighbours of id i (dimension 2..n)."""
    nbr = []
    for p in perms:
        row = []
        for k in range(1, n):
            q = list(p)
            q[0], q[k] = q[k], q[0]
            row.append(ids[tuple(q)])
        nbr.append(tuple(row))
    return nbr


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


def check(n, kind, perms, ids, root, trees, expect_depth, independence):
    """Print one line per property; return the list of failed names."""
    size = len(perms)
    nbr = neighbours(n, perms, ids)
    failed = []

    def report(name, measured, ok=None):
        v = "info" if ok is None else verdict(ok)
        print(f"{name}: {measured} -- {v}")
        if ok is False:
            failed.append(name)

    T = len(trees)
    if kind == "edt":
        report("trees", f"{T} (kind edt needs n-1 = {n - 1})", T == n - 1)
    else:
        report("trees", f"{T} (kind {kind!r})")

    bad_root = [tr["index"] for tr in trees
                if [i for i, p in enumerate(tr["parent"]) if p == -1] != [root]]
    report("rooted", f"{T - len(bad_root)}/{T} trees rooted at {','.join(map(str, perms[root]))}"
           + (f", bad trees {bad_root}" if bad_root else ""), not bad_root)

    non_edges = sum(1 for tr in trees for i, p in enumerate(tr["parent"])
                    if p is not None and p >= 0 and p not in nbr[i])
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
        if p in nbr[i]:
            undirected[min(p, i) * size + max(p, i)] += c
    total = size * (n - 1) // 2
    hist = Counter(undirected.values())
    hist[0] = total - len(undirected)
    report("undirected-use", f"{total} edges; " +
           ", ".join(f"{hist[k]} used {k}x" for k in sorted(hist)))

    if independence:
        bad = independent_violations(trees, deps, root)
        report("independent", f"{bad} violating nodes", bad == 0)
    else:
        report("independent", "skipped (--no-independence)")

    bad_rc = [tr["index"] for tr in trees if tr["parent"][tr["root_child"]] != root]
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
