"""treecast.route.route gives the route of `treecast route --method dfs --format json`."""

import json

import pytest

import treecast
from treecast.route import route

CASES = [
    ("star:5", "12345", "54321", "nodes:6", 3),
    ("star:5", "12345", "21345", "links:20", 1),
    ("star:6", "123456", "654321", "mixed:40", 8),
    ("star:6", "random", "random", "nodes:30", 5),
    ("star:4", "1234", "4321", "nodes:12", 2),
]


@pytest.mark.parametrize("net,src,dst,faults,seed", CASES)
def test_route_equals_cli_json(cli, net, src, dst, faults, seed):
    run = cli("route", "--net", net, "--from", src, "--to", dst, "--faults", faults,
              "--seed", str(seed), "--format", "json")
    assert run.returncode in (0, 1), run.stderr
    theirs = json.loads(run.stdout)
    ours = route(net, src, dst, faults=faults, seed=seed)
    for k, v in theirs.items():
        if k in ("format_version", "command"):
            continue
        if isinstance(v, float):
            assert ours[k] == pytest.approx(v), k
        else:
            assert ours[k] == v, k


@pytest.mark.parametrize("net,src,dst,faults,seed", CASES)
def test_route_path_is_a_path(net, src, dst, faults, seed):
    r = route(net, src, dst, faults=faults, seed=seed)
    g = treecast.Network(net)
    assert len(r["nodes"]) == r["hops"] + 1 and len(r["ports"]) == r["hops"]
    for u, v, p in zip(r["nodes"], r["nodes"][1:], r["ports"]):
        assert g.neighbors(u)[p] == v
    if r["delivered"]:
        assert r["route"][0] == r["src"] and r["route"][-1] == r["dst"]
        assert len(r["route"]) - 1 == r["length"]
        assert len(set(r["route"])) == len(r["route"])
    else:
        assert r["route"] == []


def test_route_refusals(cli):
    with pytest.raises(ValueError) as e:
        route("cube:4", 0, 5)
    assert "routes on the star graph" in str(e.value)
    with pytest.raises(ValueError) as e:
        route("star:5", "12345", "54321", faults="paths:2")
    run = cli("route", "--net", "star:5", "--from", "12345", "--to", "54321", "--faults",
              "paths:2")
    assert str(e.value) in run.stderr
