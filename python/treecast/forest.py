"""Forests and their checks: ``treecast.Forest`` over tc_forest_t (include/treecast/trees.h)
and ``Forest.check`` over tc_check_forest and tc_claims_evaluate (include/treecast/check.h);
``CheckReport``, what it and the streaming ``Network.check`` (tc_check_stream) return."""

from __future__ import annotations

from collections import namedtuple

from treecast import _core

# typing, json (and with it re) are not imported at run time: `import treecast` stays a few
# milliseconds (docs/performance.md)
TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

    import networkx
    import numpy

    from treecast.network import Network

Claim = namedtuple("Claim", ["key", "property", "measured", "claim", "source", "verdict"])
Claim.__doc__ = """One row of a check (all str): ``key``, ``property``, what treecast
``measured``, the paper's ``claim`` ("" when it claims nothing), its ``source`` ("000 Lemma 6.1",
"corrections 000.5") and the ``verdict``: "holds", "FAILS", "info" (measured only) or
"skipped"."""


class CheckReport:
    """The result of :meth:`Forest.check` and :meth:`Network.check`: ``holds`` (no claim
    FAILS), ``claims`` (a list of :class:`Claim`), and ``result``: the "result" object of
    ``treecast check --format json`` for the same forest and options (written by the library's
    own tc_report_check_json), as a dict: depths, reached nodes, shared edges, independence,
    path excess, ... per tree.

    ``ranges`` are the node ranges ``(lo, hi)`` (nodes lo..hi-1) the report measured:
    ``[(0, nodes)]`` for a whole network; a report of :meth:`Network.check` over ``nodes=`` is
    a part, whose claims are judged on its nodes alone (spanning FAILS) until :meth:`merge`
    puts the parts together. ``depth_by_rotation`` is how many trees' depths the streaming
    check took from another tree of their rotation orbit (the rotation shortcut of
    :meth:`Network.check`; 0 for :meth:`Forest.check` and for parts); it is not part of
    ``result``."""

    __slots__ = ("holds", "claims", "depth_by_rotation", "ranges", "_json", "_result", "_parts")

    def __init__(self, holds: bool, claims: List[Claim], result_json: str,
                 depth_by_rotation: int = 0,
                 ranges: Optional[List[Tuple[int, int]]] = None) -> None:
        self.holds: bool = holds
        self.claims: List[Claim] = claims
        self.depth_by_rotation: int = depth_by_rotation
        self.ranges: List[Tuple[int, int]] = [] if ranges is None else ranges
        self._json = result_json
        self._result: Optional[Dict[str, Any]] = None
        # the streaming check's: (network, kind, root, options, the packed report), to merge
        self._parts: Optional[Tuple[Any, str, int, Tuple[Any, ...], bytes]] = None

    @classmethod
    def _streamed(cls, net: "Network", kind: str, root: int, ranges: List[Tuple[int, int]],
                  answer: Tuple[Any, ...], options: Tuple[Any, ...]) -> "CheckReport":
        holds, rows, result, by_rotation, packed = answer[:5]
        self = cls(bool(holds), [Claim(*r) for r in rows], result, int(by_rotation),
                   [(lo, hi) for lo, hi in ranges if lo < hi])
        self._parts = (net, kind, root, options, packed)
        return self

    @classmethod
    def merge(cls, reports: Iterable["CheckReport"]) -> "CheckReport":
        """The report of the nodes of several reports of :meth:`Network.check` (parts over
        ``nodes=``) put together (tc_check_report_merge), with its claims judged again: counts
        add up, maxima combine. The reports of ranges that cover the network, in any order,
        merge into the report of the whole network (its ``result`` equal to the whole check's
        and to :meth:`Forest.check`'s). They must check the same kind on the same network at
        the same root with the same options, over disjoint ranges (else ValueError); a report
        of :meth:`Forest.check` does not merge."""
        parts = list(reports)
        if not parts:
            raise ValueError("There is no report to merge.")
        if any(p._parts is None for p in parts):
            raise ValueError("Only the reports of Network.check merge (Forest.check's is whole).")
        net, kind, root, options, _ = parts[0]._parts
        for p in parts[1:]:
            if p._parts[:4] != (net, kind, root, options):
                raise ValueError("The reports to merge must check the same kind on the same "
                                 "network at the same root with the same options.")
        ranges: List[Tuple[int, int]] = []
        for lo, hi in sorted(r for p in parts for r in p.ranges):
            if ranges and lo < ranges[-1][1]:
                raise ValueError("Nodes %d..%d are in two of the reports to merge."
                                 % (lo, min(hi, ranges[-1][1]) - 1))
            if ranges and lo == ranges[-1][1]:
                ranges[-1] = (ranges[-1][0], hi)
            else:
                ranges.append((lo, hi))
        answer = net._net.check_merge(kind, [p._parts[4] for p in parts])
        merged = cls._streamed(net, kind, root, ranges, answer, options)
        # not packed: a whole report's (which merges alone, its ranges covering every node)
        merged.depth_by_rotation = sum(p.depth_by_rotation for p in parts)
        return merged

    @property
    def result(self) -> Dict[str, Any]:
        """The CLI's JSON "result" object, parsed."""
        if self._result is None:
            import json

            self._result = json.loads(self._json)
        return self._result

    @property
    def failing(self) -> List[str]:
        """The keys of the claims that FAIL."""
        return [c.key for c in self.claims if c.verdict == "FAILS"]

    def __getitem__(self, key: str) -> Claim:
        for c in self.claims:
            if c.key == key:
                return c
        raise KeyError(key)

    def __bool__(self) -> bool:
        return self.holds

    def __str__(self) -> str:
        w = [max([len(h)] + [len(getattr(c, f) or "-") for c in self.claims])
             for h, f in (("property", "key"), ("measured", "measured"),
                          ("paper's claim", "claim"), ("source", "source"))]
        lines = ["  %-*s  %-*s  %-*s  %-*s  verdict" % (w[0], "property", w[1], "measured",
                                                       w[2], "paper's claim", w[3], "source")]
        for c in self.claims:
            lines.append("  %-*s  %-*s  %-*s  %-*s  %s" % (
                w[0], c.key, w[1], c.measured, w[2], c.claim or "-", w[3], c.source or "-",
                c.verdict))
        lines.append("every claim holds" if self.holds else
                     "claims FAIL: " + " ".join(self.failing))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return "<CheckReport holds=%s, %d claims%s>" % (
            self.holds, len(self.claims),
            "" if self.holds else ", failing: " + ", ".join(self.failing))


def _properties(properties: Optional[Union[str, Sequence[str]]]) -> Optional[List[str]]:
    """The properties of a check as the extension takes them: None, or a list of names."""
    if properties is None:
        return None
    return [properties] if isinstance(properties, str) else list(properties)


def _int_dtype(nodes: int) -> Any:
    import numpy as np

    return np.int32 if nodes <= 2**31 else np.int64


class Forest:
    """A materialized forest: ``count`` trees on a network, one parent byte per node per tree
    (tc_forest_t; a construction of treecast/trees.h, or anyone's via :meth:`from_parents`).

    ``ports`` is that memory itself as a read-only ``(count, nodes)`` ``uint8`` NumPy array,
    without a copy (its base chain holds the library's forest, which lives as long as the
    array does). Each byte is the dimension of the edge to the node's parent (``dim_min +``
    the port: the paper's dimension, 2..n on S_n, 0..n-1 on Q_n), :data:`treecast.PARENT_ROOT`
    (0xFE) at the tree's root, :data:`treecast.PARENT_NONE` (0xFF) for a node not in the tree
    (the nodes of S^1_{n-1} in SPT_{I_n}, paper 000 Definition 6).
    """

    __slots__ = ("_net", "_f", "_ports")

    def __init__(self) -> None:
        raise TypeError("forests come from Network.trees(...) or Forest.from_parents(...)")

    @classmethod
    def _wrap(cls, net: "Network", core: Any) -> "Forest":
        self = object.__new__(cls)
        self._net = net
        self._f = core
        self._ports = None
        return self

    @classmethod
    def from_parents(
        cls,
        net: "Network",
        parents: Union["numpy.ndarray", Sequence[Sequence[int]], Sequence[int]],
        root: Optional[int] = None,
        kind: Optional[str] = None,
    ) -> "Forest":
        """A forest from parent node ids, anyone's: ``parents`` is ``(trees, nodes)`` (or one
        tree, ``(nodes,)``), entry ``[t, v]`` the parent of v in tree t, -1 at the tree's root,
        -2 (any value below -1) when v is not in the tree. ``root`` is the forest's root
        (default: the root of tree 0); ``kind`` names the construction the trees claim to be
        (its paper's claims are then judged by :meth:`check`; default "custom"). Parents that
        are not neighbours of their child are left out and counted, as the library's forest
        reader does (tc_report_forest_read): :meth:`check` reports them as not spanning."""
        import numpy as np

        arr = np.asarray(parents, dtype=np.int64)
        if arr.ndim == 1:
            arr = arr.reshape(1, -1)
        arr = np.ascontiguousarray(arr)
        if arr.ndim != 2 or arr.shape[1] != net.nodes:
            raise _core.ArgumentError("The parents must have shape (trees, %d), not %s."
                                      % (net.nodes, arr.shape))
        if root is None:
            roots = np.flatnonzero(arr[0] == -1)
            root = int(roots[0]) if roots.size else 0
        return cls._wrap(net, net._net.from_parents(arr, int(root), kind))

    # ---- what it is ----------------------------------------------------------------------

    @property
    def network(self) -> "Network":
        """The network the forest spans."""
        return self._net

    @property
    def count(self) -> int:
        """The number of trees (n-1 for the EDTs of S_n, n for the nEDSTs of Q_n)."""
        return self._f.count

    def __len__(self) -> int:
        return self._f.count

    @property
    def root(self) -> int:
        """The forest's root, a node id."""
        return self._f.root

    @property
    def kind(self) -> str:
        """The construction: "edt", "nedst", ..., or "custom"."""
        return self._f.kind

    @property
    def nonedges(self) -> int:
        """Parents given to :meth:`from_parents` that were not neighbours (left out)."""
        return self._f.nonedges

    def tree_root(self, t: int) -> int:
        """The root of tree t: the forest's root, except for kinds whose trees start elsewhere
        (tree j of nedst-pivoted is rooted at the pivot root XOR 2^j, paper 003)."""
        return self._f.tree_root(int(t))

    def label(self, t: int) -> int:
        """The paper's number of tree t: l = t + 2 for edt and spg (subtree T_l, rooted at the
        root's neighbour along dimension l, paper 000 Definitions 7 and 8), t for the n-tree
        cube kinds, 0 for single trees (tc_trees_label)."""
        return self._f.label(int(t))

    # ---- arrays --------------------------------------------------------------------------

    @property
    def ports(self) -> "numpy.ndarray":
        """The parent bytes, ``(count, nodes)`` ``uint8``, read-only, zero-copy (see the class
        docstring for the values)."""
        if self._ports is None:
            import numpy as np

            self._ports = np.asarray(memoryview(self._f))
        return self._ports

    def parents(self) -> "numpy.ndarray":
        """Parent node ids, ``(count, nodes)``: ``int32`` (``int64`` above 2^31 nodes); -1 at a
        root, -2 for a node not in the tree. Computed in C by the network's walker without the
        GIL (tc_forest_parents)."""
        import numpy as np

        out = np.empty((self.count, self._net.nodes), dtype=_int_dtype(self._net.nodes))
        self._f.parents_into(out)
        return out

    def depths(self) -> "numpy.ndarray":
        """The depth of every node in every tree, ``(count, nodes)`` like :meth:`parents`:
        links to the tree's root, -1 for a node not in the tree or whose parent chain does not
        reach a root (a cycle)."""
        import numpy as np

        out = np.empty((self.count, self._net.nodes), dtype=_int_dtype(self._net.nodes))
        self._f.depths_into(out)
        return out

    def to_networkx(self, t: int = 0, direction: str = "up") -> "networkx.DiGraph":
        """Tree t as a networkx DiGraph on node ids: ``direction="up"`` (the default) has an
        arc child -> parent for every non-root member (the tree as an in-arborescence, the
        way packets travel to the root); ``"down"`` has parent -> child (an arborescence
        rooted at the root, the way a broadcast travels). Nodes carry ``label`` and the
        arcs ``dim``; nodes not in the tree are left out."""
        import networkx as nx

        if direction not in ("up", "down"):
            raise ValueError('direction is "up" (child -> parent) or "down" (parent -> child)')
        if not 0 <= int(t) < self.count:
            raise _core.ArgumentError("Tree %d is outside 0..%d." % (t, self.count - 1))
        par = self.parents()[int(t)]
        ports = self.ports[int(t)]
        g = nx.DiGraph(name="%s %s tree %d" % (self._net.name, self.kind, self.label(t)),
                       root=self.tree_root(t))
        members = [int(v) for v in (par >= -1).nonzero()[0]]
        for v in members:
            g.add_node(v, label=self._net.label(v))
        for v in members:
            p = int(par[v])
            if p >= 0:
                if direction == "up":
                    g.add_edge(v, p, dim=int(ports[v]))
                else:
                    g.add_edge(p, v, dim=int(ports[v]))
        return g

    # ---- checking --------------------------------------------------------------------------

    def check(
        self,
        properties: Optional[Sequence[str]] = None,
        threads: int = 0,
        sample: Optional[int] = None,
        seed: int = 1,
    ) -> CheckReport:
        """Verify the forest and set the measured values beside its paper's claims
        (tc_check_forest, tc_claims_evaluate): spanning and rooted at the root, acyclic, the
        depth of every tree, directed edge-disjointness, and as chosen: ``properties`` a list
        of "undirected", "independence", "excess", "rotation" (paper 000 Lemma 6.2),
        "levels", "all" ("spanning" and "disjoint" are always checked); None takes what
        applies to the forest, as ``treecast check`` does by default (tc_check_suggest).
        ``sample`` K tests independence and rotation on K seeded random nodes (``seed``);
        None: every node up to 3,628,800 nodes, 100,000 above, like the CLI. Runs on
        ``threads`` threads (0: every core) without the GIL.

        The numbers are those of ``treecast check --net ... --kind ... --format json`` with the
        same options. Ctrl-C stops it with KeyboardInterrupt within about 65,536 nodes of work
        per thread: the library polls the binding's stop hook (docs/python.md, "Ctrl-C").
        :meth:`Network.check` measures the same from the kind's rule without building the
        forest."""
        holds, rows, result = self._f.check(_properties(properties), int(threads),
                                            -1 if sample is None else int(sample), int(seed))
        return CheckReport(bool(holds), [Claim(*r) for r in rows], result,
                           ranges=[(0, self._net.nodes)])

    def __repr__(self) -> str:
        return "<Forest %s of %s at %s: %d tree%s>" % (
            self.kind, self._net.name, self._net.label(self.root), self.count,
            "" if self.count == 1 else "s")
