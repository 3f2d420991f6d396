"""Networks against their closed forms (papers 000, 002, 003) and against networkx."""

import networkx as nx
import numpy as np
import pytest

import treecast


@pytest.mark.parametrize("spec,nodes,edges,degree,diameter", [
    ("star:5", 120, 240, 4, 6),       # n!, n!(n-1)/2, n-1, floor(3(n-1)/2) (paper 000)
    ("star:7", 5040, 15120, 6, 9),
    ("cube:5", 32, 80, 5, 5),         # 2^n, n 2^(n-1), n, n
    ("icube:4,2", 20, 40, 5, 5),    # I_2^4: 2^n + 2^k nodes, diameter n+1 (paper 003)
])
def test_sizes(spec, nodes, edges, degree, diameter):
    net = treecast.Network(spec)
    assert (net.nodes, net.edges, net.degree) == (nodes, edges, degree)
    g = net.to_networkx() if nodes <= 720 else None  # networkx's diameter is slow
    if g is not None:
        assert g.number_of_edges() == edges
        assert nx.diameter(g) == (diameter if diameter is not None else net.diameter)
    assert net.spec == spec and repr(net).startswith("Network(%r)" % spec)


def test_labels_and_neighbors():
    net = treecast.Network("star:4")
    assert net.name == "S_4" and net.family == "star" and net.dim_min == 2
    assert net.label(0) == "1234" and net.node("1234") == 0
    for v in range(net.nodes):
        assert net.node(net.label(v)) == v
        assert net.node(net.label(v, commas=True)) == v
        nbrs = net.neighbors(v)
        assert len(nbrs) == 3
        for d, u in zip(range(2, 5), nbrs):  # dimension k swaps symbols 1 and k
            a, b = net.label(v), net.label(u)
            assert b == a[d - 1] + a[1:d - 1] + a[0] + a[d:]
            assert net.neighbor(v, d) == u and net.distance(v, u) == 1
    with pytest.raises(treecast.ArgumentError):
        net.node("1235")
    with pytest.raises(ValueError):
        net.label(24)


def test_facts():
    facts = treecast.Network("star:5").facts()
    assert facts["facts"]["nodes"]["value"].startswith("120")
    assert facts["by_distance"][0] == 1 and sum(facts["by_distance"]) == 120


def test_graph_from_networkx_and_edges():
    g = nx.petersen_graph()
    net = treecast.Network.from_networkx(g, name="petersen")
    assert (net.nodes, net.edges, net.degree, net.family) == (10, 15, 3, "graph")
    assert net.diameter == nx.diameter(g) == 2
    assert net.label(3) == "3"
    same = treecast.Network.from_edges(np.array(list(g.edges())))
    assert (same.nodes, same.edges) == (10, 15)
    assert sorted(same.neighbors(0)) == sorted(g.neighbors(0))
    # labels: the nodes' names
    h = nx.relabel_nodes(g, {v: "p%d" % v for v in g})
    named = treecast.Network.from_networkx(h)
    assert named.label(0) == "p0" and named.node("p7") == 7


def test_graph_file_and_text(tmp_path):
    path = tmp_path / "ring.txt"
    path.write_text("# a ring of 6 and a chord\n" + "".join(
        "%d %d\n" % (i, (i + 1) % 6) for i in range(6)) + "0 3\n")
    net = treecast.Network("graph:%s" % path)
    assert (net.nodes, net.edges) == (6, 7)
    assert treecast.Network.from_text(path.read_text()).edges == 7


@pytest.mark.parametrize("make,exc", [
    (lambda: treecast.Network("star:99"), treecast.ArgumentError),
    (lambda: treecast.Network("nosuch:3"), treecast.ArgumentError),
    (lambda: treecast.Network("graph:/nonexistent/file"), treecast.FileError),
    (lambda: treecast.Network.from_edges([(0, 0)]), treecast.ArgumentError),
    (lambda: treecast.Network.from_text("1 2 x\n"), treecast.ArgumentError),
    (lambda: treecast.Network("star:13").trees("edt"), treecast.ResourceError),
    (lambda: treecast.Network("star:5").trees("nedst"), treecast.ArgumentError),
    (lambda: treecast.Network("star:5").trees("nosuch"), treecast.ArgumentError),
])
def test_errors(make, exc):
    with pytest.raises(exc) as info:
        make()
    e = info.value
    assert isinstance(e, treecast.Error)
    assert e.code.startswith("TC_E") and e.detail and str(e) == e.detail
    assert isinstance(e, {treecast.ArgumentError: ValueError, treecast.FileError: OSError,
                          treecast.ResourceError: MemoryError}[exc])


@pytest.mark.parametrize("args,make", [
    (["info", "--net", "star:99"], lambda: treecast.Network("star:99")),
    (["info", "--net", "cube:0"], lambda: treecast.Network("cube:0")),
    (["info", "--net", "graph:/nonexistent/file"],
     lambda: treecast.Network("graph:/nonexistent/file")),
    (["check", "--net", "star:5", "--kind", "nosuch"],
     lambda: treecast.Network("star:5").trees("nosuch")),
])
def test_error_sentence_is_the_cli_s(cli, args, make):
    with pytest.raises(treecast.Error) as info:
        make()
    run = cli(*args)
    assert run.returncode != 0
    assert info.value.detail in run.stderr, (info.value.detail, run.stderr)


def test_root_cut_certifies_edst():
    """The least root cut is the number of edst trees (Edmonds), against networkx's edge
    connectivity: one node of least degree on S_5, the bridged half on two K_5."""
    s5 = treecast.Network("star:5")
    links, nodes = s5.root_cut()
    assert links == 4 == len(s5.trees("edst"))
    assert 0 not in nodes and len(nodes) >= 1
    g = nx.disjoint_union(nx.complete_graph(5), nx.complete_graph(5))
    g.add_edges_from([(0, 5), (3, 8)])
    two = treecast.Network.from_networkx(g)
    links, nodes = two.root_cut(0)
    assert links == nx.edge_connectivity(g) == 2 == len(two.trees("edst"))
    inside = set(nodes)
    entering = sum(1 for u, v in g.edges() if (u in inside) != (v in inside))
    assert entering == links and 0 not in inside
    with pytest.raises(treecast.ArgumentError):
        treecast.Network.from_edges([], n=1).root_cut(0)
