"""Networks: ``treecast.Network`` over the library's tc_net_t (include/treecast/net.h)."""

from __future__ import annotations

import os
TYPE_CHECKING = False  # typing is not imported at run time

from treecast import _core

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

    import networkx
    import numpy

    from treecast.forest import CheckReport, Forest


class Network:
    """A network: nodes ``0..N-1``, ports ``0..degree-1`` at every node (port p is the paper's
    dimension ``dim_min + p``), labels and distances (treecast/net.h).

    ``Network(spec)`` takes what ``treecast --net`` takes (tc_net_parse): ``"star:7"`` (the
    star graph S_7 of paper 000, Section 1: the 7! permutations, ids are lexicographic ranks),
    ``"cube:5"`` (the hypercube Q_5 of papers 002 and 004: ids are addresses),
    ``"icube:6,3"`` (the incomplete hypercube I_3^6 of paper 003), ``"bubble:5"``,
    ``"pancake:5"``, ``"torus:4,3"``, ``"fcube:4"``, the fabrics (hosts first, then switches)
    ``"fattree:4"``, ``"leafspine:2,2,8,2"``, ``"dragonfly:4,2,2"``, ``"hyperx:2,4,2"``,
    ``"slimfly:5"``, ``"polarfly:7"``, and ``"graph:FILE"`` (an edge list or a
    JSON graph file, read whole but at most 1 GiB, tc_net_graph_load). A bad specification
    raises :class:`treecast.ArgumentError` with the sentence ``treecast info --net`` prints.
    """

    __slots__ = ("_net", "_diameter")

    def __init__(self, spec: Union[str, "os.PathLike[str]"]) -> None:
        self._net = _core.net_parse(os.fspath(spec))
        self._diameter: Optional[int] = None

    @classmethod
    def _wrap(cls, core: Any) -> "Network":
        self = cls.__new__(cls)
        self._net = core
        self._diameter = None
        return self

    # ---- other ways to make one ------------------------------------------------------------

    @classmethod
    def from_edges(
        cls,
        edges: Union["numpy.ndarray", Sequence[Sequence[int]]],
        n: Optional[int] = None,
        labels: Optional[Sequence[str]] = None,
        name: Optional[str] = None,
    ) -> "Network":
        """A graph network from its edges (tc_net_graph_new): ``edges`` an ``(E, 2)`` array or
        list of node ids ``0..n-1`` (``n``: the largest id + 1 when None); an edge given twice,
        either way round, counts once. Node v's ports are its neighbours in ascending id order.
        ``labels`` (one string per node, no blanks, all different; default the ids) and
        ``name`` (default "graph") are what the documents print. A loop, an id out of range, a
        degree above 64 or no edge raises :class:`treecast.ArgumentError`."""
        import numpy as np

        arr = np.ascontiguousarray(np.asarray(edges, dtype=np.int64).reshape(-1, 2))
        if n is None:
            n = int(arr.max()) + 1 if arr.size else 0
        return cls._wrap(_core.net_graph(int(n), arr, None if labels is None else
                                         [str(x) for x in labels], name))

    @classmethod
    def from_networkx(cls, graph: "networkx.Graph", name: Optional[str] = None) -> "Network":
        """A graph network from an undirected networkx graph: node ``i`` is the i-th node of
        ``graph.nodes`` (its label is ``str(node)``, so the labels must be distinct strings
        without blanks); edges as in :meth:`from_edges`."""
        nodes = list(graph.nodes)
        index = {v: i for i, v in enumerate(nodes)}
        edges = [(index[u], index[v]) for u, v in graph.edges()]
        return cls.from_edges(edges, n=len(nodes), labels=[str(v) for v in nodes], name=name)

    @classmethod
    def from_text(cls, text: Union[str, bytes], name: Optional[str] = None) -> "Network":
        """A graph network from the text of a graph file (what ``graph:FILE`` reads,
        tc_net_graph_read): an edge list ("u v" lines, '#' comments) or JSON with "edges"
        (docs/formats.md). Malformed text raises :class:`treecast.ArgumentError` with its
        line."""
        data = text.encode() if isinstance(text, str) else bytes(text)
        return cls._wrap(_core.net_graph_read(data, name))

    # ---- what it is ----------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The paper's name: "S_7", "Q_10", "I_3^6" (tc_net_name)."""
        return self._net.name

    @property
    def spec(self) -> str:
        """The specification that makes this network again: "icube:6,3" (tc_net_spec)."""
        return self._net.spec

    @property
    def family(self) -> str:
        """"star", "cube", "icube", ..., "graph" (tc_net_family_name)."""
        return self._net.family

    @property
    def nodes(self) -> int:
        """N: n! for S_n, 2^n for Q_n, 2^n + 2^k for I_k^n (tc_net_nodes)."""
        return self._net.nodes

    @property
    def edges(self) -> int:
        """Undirected edges: n!(n-1)/2 for S_n, n 2^(n-1) for Q_n (tc_net_edges)."""
        return self._net.edges

    @property
    def degree(self) -> int:
        """The largest degree, the number of ports: n-1 for S_n, n for Q_n (tc_net_degree)."""
        return self._net.degree

    @property
    def min_degree(self) -> int:
        """The smallest degree (equal to :attr:`degree` on a regular network)."""
        return self._net.min_degree

    @property
    def dim_min(self) -> int:
        """The smallest dimension: 2 on S_n (dimensions 2..n), 0 on Q_n; port p is dimension
        ``dim_min + p``."""
        return self._net.dim_min

    @property
    def dim_max(self) -> int:
        """The largest dimension."""
        return self._net.dim_max

    @property
    def diameter(self) -> int:
        """The diameter: the closed form where the family has one (floor(3(n-1)/2) for S_n,
        Akers et al. [1] of paper 000; n for Q_n), otherwise measured by :meth:`facts`."""
        if self._diameter is None:
            d = self._net.diameter_formula
            if d < 0:
                fact = self.facts()["facts"].get("diameter")
                d = int(str(fact["value"]).split()[0]) if fact else -1
            self._diameter = d
        return self._diameter

    @property
    def kinds(self) -> str:
        """The constructions defined on this network, as English ("edt, spg, spt, bfs or
        edst"; tc_kind_list)."""
        return self._net.kind_list

    @property
    def primary_kind(self) -> str:
        """The edge-disjoint construction of the network's own paper (edt on S_n, nedst on
        Q_n, edst on I_k^n), else edst: what :meth:`trees` builds by default."""
        return self._net.primary_kind

    @property
    def components(self) -> int:
        """Connected components (1 for every family; counted for a graph)."""
        return self._net.components

    def label(self, v: int, commas: bool = False) -> str:
        """The label of node v: "3517246" on S_7 ("3,5,1,7,2,4,6" with commas or n > 9), n bits
        on Q_n, the given name on a graph (tc_net_label)."""
        return self._net.label(int(v), bool(commas))

    def node(self, label: str) -> int:
        """The node id of a label, either form (tc_net_parse_label); a malformed label raises
        :class:`treecast.ArgumentError`."""
        return self._net.parse_label(str(label))

    def neighbors(self, v: int) -> List[int]:
        """Node v's neighbours, by ascending dimension (port order)."""
        return self._net.neighbors(int(v))

    def neighbor(self, v: int, dim: int) -> int:
        """The neighbour of v along dimension ``dim``, -1 when there is none."""
        return self._net.neighbor(int(v), int(dim))

    def distance(self, u: int, v: int) -> int:
        """The least distance between u and v (tc_net_distance)."""
        return self._net.distance(int(u), int(v))

    def facts(self) -> Dict[str, Any]:
        """What ``treecast info`` prints (tc_net_facts, and tc_check_kind_facts on networks of
        at most 40320 nodes): ``{"title": ..., "facts": {key: {"value", "paper", "source",
        "verdict"}}, "by_distance": [nodes at distance 0, 1, ...], "distance_from": v}``; the
        verdict is "agrees" (computed and equal to the paper's value), "differs" or "info"."""
        title, rows, by_dist, dist_from = self._net.facts()
        facts: Dict[str, Dict[str, str]] = {}
        for key, value, paper, source, verdict in rows:
            facts.setdefault(key, {"value": value, "paper": paper, "source": source,
                                   "verdict": verdict})
        return {"title": title, "facts": facts, "by_distance": by_dist,
                "distance_from": dist_from}

    # ---- trees ---------------------------------------------------------------------------

    def trees(self, kind: Optional[str] = None, root: Union[int, str] = 0,
              threads: int = 0) -> "Forest":
        """The materialized forest of construction ``kind`` rooted at ``root`` (a node id or a
        label), built on ``threads`` threads (0: every core) without the GIL (tc_trees_build).
        ``kind`` None is :attr:`primary_kind`. The kinds (docs/constructions.md): on S_n
        ``edt`` (EDT_{I_n}, paper 000 Definition 8), ``spg`` (Definition 7), ``spt``
        (Definition 6), ``bfs``; on Q_n ``binomial``, ``sbnt-minr`` ... (paper 002),
        ``sbg``, ``nedst``, ``nedst-pivoted`` (paper 003), ``ist``, ``ist-hdls`` (paper 004);
        on I_k^n ``edst``, ``edhp`` (paper 003); anywhere ``bfs``, ``edst``. An unknown kind
        raises :class:`treecast.ArgumentError` listing them."""
        from treecast.forest import Forest

        r = self.node(root) if isinstance(root, str) else int(root)
        return Forest._wrap(self, self._net.trees(kind, r, int(threads)))

    def root_cut(self, root: Union[int, str] = 0) -> Tuple[int, List[int]]:
        """A least root cut: ``(links, nodes)``, the node set that holds a node but not
        ``root`` and has the fewest links coming in, and that number (tc_trees_root_cut, by
        max flows). By Edmonds' branching theorem ``links`` is the most arc-disjoint spanning
        arborescences rooted there, so a forest of ``edst`` with that many trees is optimal:
        ``len(net.trees("edst"))`` equals it. Raises :class:`treecast.ArgumentError` on a
        one-node network."""
        r = self.node(root) if isinstance(root, str) else int(root)
        links, nodes = self._net.root_cut(r)
        return links, nodes

    # ---- checks from the rule: the streaming check -----------------------------------------

    def check(
        self,
        kind: Optional[str] = None,
        root: Union[int, str] = 0,
        properties: Optional[Union[str, Sequence[str]]] = None,
        threads: int = 0,
        sample: Optional[int] = None,
        seed: int = 1,
        stream: bool = True,
        nodes: Optional[Union[Tuple[int, int], range]] = None,
    ) -> "CheckReport":
        """Check the forest of construction ``kind`` (None: :attr:`primary_kind`) rooted at
        ``root`` (an id or a label) without building it, as ``treecast check --net NET --kind
        KIND --stream`` does (tc_check_stream): each node's parents come from the kind's rule,
        its depths from walks up the trees, nothing is stored per node, so it checks networks
        whose forest does not fit. The options and the :class:`CheckReport` are those of
        :meth:`Forest.check` (the defaults: what applies to the kind, tc_check_suggest_kind),
        and its ``result`` equals ``self.trees(kind, root).check(...).result``, every field.

        Where the rotation of S_n about the root maps the trees onto each other (the EDTs,
        paper 000 Lemma 6.2) and is found to map every node's parents so, one tree of each
        orbit is walked and the others' depths taken from it: ``depth_by_rotation`` says how
        many (:meth:`stream_shortcut`).

        ``nodes=(lo, hi)`` (or ``range(lo, hi)``) measures nodes lo..hi-1 alone: a part, which
        :meth:`CheckReport.merge` puts together with the parts of the other nodes into the
        report of the whole network (ranges on other processes or machines, in any order).
        ``stream=False`` builds the forest and checks it instead (:meth:`trees`, then
        :meth:`Forest.check`; not with ``nodes``).

        Runs on ``threads`` threads (0: every core) without the GIL; Ctrl-C stops it with
        KeyboardInterrupt as it stops :meth:`Forest.check`. A kind without a rule the check can
        follow here (:meth:`stream_applies`) raises :class:`treecast.ArgumentError` (a
        ``ValueError``) with the library's sentence."""
        from treecast.forest import CheckReport, _properties

        r = self.node(root) if isinstance(root, str) else int(root)
        if not stream:
            if nodes is not None:
                raise ValueError("nodes= checks a range of nodes by the streaming check: "
                                 "not with stream=False.")
            return self.trees(kind, r, threads).check(properties, threads, sample, seed)
        if nodes is None:
            lo, hi = 0, self.nodes
        elif isinstance(nodes, range):
            if nodes.step != 1:
                raise ValueError("nodes= is a range of step 1, not %d." % nodes.step)
            lo, hi = nodes.start, nodes.stop
        else:
            lo, hi = (int(x) for x in nodes)
        answer = self._net.check_stream(kind, r, int(lo), int(hi), _properties(properties),
                                        int(threads), -1 if sample is None else int(sample),
                                        int(seed))
        name = _core.kind_parse(kind) if kind is not None else self.primary_kind
        return CheckReport._streamed(self, name, r, [(lo, hi)], answer, answer[5])

    def stream_applies(self, kind: Optional[str] = None) -> bool:
        """Whether :meth:`check` can follow ``kind``'s rule on this network
        (tc_check_stream_applies): on S_n edt, spg, spt and bfs; on Q_n the kinds of papers
        002 to 004 (binomial, sbnt-*, sbg, nedst, nedst-pivoted, ist, ist-hdls); on I_k^n
        binomial and edst; on no other network."""
        return self._net.stream_applies(kind)

    def stream_shortcut(self, kind: Optional[str] = None, root: Union[int, str] = 0) -> bool:
        """Whether :meth:`check` of the whole network takes the rotation shortcut for ``kind``
        at ``root`` (tc_check_stream_shortcut: the rotation found to map the parents as paper
        000's Lemma 6.2 says at 4,096 nodes spread over the network; the check itself tests
        every node, and walks every tree where the test fails somewhere)."""
        r = self.node(root) if isinstance(root, str) else int(root)
        return self._net.stream_shortcut(kind, r)

    # ---- Python ---------------------------------------------------------------------------

    def to_networkx(self) -> "networkx.Graph":
        """The network as an undirected networkx graph on the node ids (attribute ``label``);
        for small networks."""
        import networkx as nx

        g = nx.Graph(name=self.name)
        for v in range(self.nodes):
            g.add_node(v, label=self.label(v))
        for v in range(self.nodes):
            for u in self.neighbors(v):
                if u > v:
                    g.add_edge(v, u)
        return g

    def __len__(self) -> int:
        return self.nodes

    def __iter__(self) -> Iterable[int]:
        return iter(range(self.nodes))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Network) and other.spec == self.spec and \
            other.nodes == self.nodes and other.edges == self.edges

    def __hash__(self) -> int:
        return hash((self.spec, self.nodes, self.edges))

    def __repr__(self) -> str:
        return "Network(%r)  # %s: %d nodes, %d edges, degree %d" % (
            self.spec, self.name, self.nodes, self.edges, self.degree)
