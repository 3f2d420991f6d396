"""Forest.check gives the numbers of `treecast check --format json` for the same arguments."""

import json

import pytest

import treecast

CASES = [
    ("star:5", "edt", None, []),
    ("star:6", "spg", None, []),
    ("star:5", "edt", "3,1,2,5,4", ["--properties", "independence"]),
    ("cube:6", "nedst", None, []),
    ("cube:5", "ist", None, ["--properties", "all"]),
    ("cube:6", "sbg", None, []),
    ("icube:5,2", "edst", None, []),
    ("bubble:5", "bfs", None, []),
    ("fcube:4", "edst", None, ["--properties", "undirected,excess"]),
]


@pytest.mark.parametrize("spec,kind,root,extra", CASES)
def test_check_equals_cli_json(cli, spec, kind, root, extra):
    args = ["check", "--net", spec, "--kind", kind, "--format", "json"] + extra
    if root is not None:
        args += ["--root", root]
    run = cli(*args)
    assert run.returncode in (0, 1), run.stderr
    doc = json.loads(run.stdout)
    net = treecast.Network(spec)
    props = None
    if "--properties" in extra:
        props = extra[extra.index("--properties") + 1].split(",")
    forest = net.trees(kind, root=net.node(root) if root else 0)
    report = forest.check(properties=props)
    assert report.result == doc["result"]
    assert report.holds == doc["all_hold"]
    assert [c._asdict() for c in report.claims] == [
        {k: p[k] for k in ("key", "property", "measured", "claim", "source", "verdict")}
        for p in doc["result"]["properties"]]
