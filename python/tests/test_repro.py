"""treecast.repro: the pages' cells and `treecast table`'s rows with the CLI's verdicts."""

import glob
import json
import os

import pytest

import treecast.repro as repro


def cli_doc(cli, *args):
    run = cli(*args)
    assert run.returncode in (0, 1), run.stderr
    doc = json.loads(run.stdout)
    del doc["format_version"], doc["command"]
    return doc


@pytest.mark.parametrize("name,kw,args", [
    ("001:1", {}, []),
    ("001:1", dict(z="41352", k=3), ["--z", "41352", "--k", "3"]),
    ("001:2", {}, []),
    ("001:2", dict(from_=6, to=9), ["--from", "6", "--to", "9"]),
    ("001:3", {}, []),
    ("004:5.6", {}, []),
    ("004:5.6", dict(from_=4, to=6), ["--from", "4", "--to", "6"]),
])
def test_table_equals_cli_json(cli, name, kw, args):
    theirs = cli_doc(cli, "table", name, "--format", "json", *args)
    ours = repro.table(name, **kw)
    same(ours, theirs)


def same(ours, theirs, path=""):
    """Equal, floats as the CLI prints them (%.15g)."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict) and set(ours) == set(theirs), path
        for k in theirs:
            same(ours[k], theirs[k], path + "/" + k)
    elif isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), path
        for i, (a, b) in enumerate(zip(ours, theirs)):
            same(a, b, "%s[%d]" % (path, i))
    elif isinstance(theirs, float) or isinstance(ours, float):
        assert float("%.15g" % ours) == pytest.approx(theirs, rel=1e-14, abs=0), path
    else:
        assert ours == theirs, path


def test_table_verdicts():
    t2 = repro.table("001:2")
    assert t2["count"] == len(t2["cells"]) and t2["count"] > 30
    assert {c["verdict"] for c in t2["cells"]} <= {"matches", "differs"}
    t1 = repro.table("001:1")
    assert t1["rows_matching"] == len(t1["rows"]) == 12


def test_table_refusals(cli):
    with pytest.raises(ValueError) as e:
        repro.table("001:2", z="3241")
    run = cli("table", "001:2", "--z", "3241")
    assert str(e.value) in run.stderr
    with pytest.raises(ValueError, match="unknown table"):
        repro.table("009:1")


def test_papers_registry():
    ps = repro.papers()
    assert [p["id"] for p in ps] == ["000", "001", "002", "003", "004"]
    assert "001:2" in [t["name"] for t in ps[1]["tables"]]


@pytest.mark.parametrize("paper", ["000", "001", "003"])
def test_paper_cells_equal_reproduce(cli, tmp_path, paper):
    out = tmp_path / "r"
    run = cli("reproduce", "--paper", paper, "--quick", "--out", str(out))
    assert run.returncode in (0, 1), run.stderr
    page = repro.paper(paper, quick=True)
    assert page.paper == paper and len(page) > 0
    ours = {c.id: c for c in page.cells}
    seen = 0
    for path in glob.glob(os.path.join(str(out), paper, "*.json")):
        with open(path) as f:
            doc = json.load(f)
        if "cells" not in doc:
            continue
        table = next(t for t in page if t.id == doc["id"])
        assert [c.id for c in table.cells] == [c["id"] for c in doc["cells"]]
        for c in doc["cells"]:
            mine = ours[c["id"]]
            assert mine.verdict == c["verdict"].split(" ")[0] or c["verdict"].startswith(
                mine.verdict), c["id"]
            assert mine.value == c["treecast"], c["id"]
            assert mine.paper == c["paper"], c["id"]
            assert mine.quantity == c["quantity"] and mine.command == c["command"]
            seen += 1
    assert seen == len(ours)
    assert sum(page.counts.values()) == seen


def test_paper_seed_reproduces():
    a = repro.paper("004", quick=True, seed=3)
    b = repro.paper("004", quick=True, seed=3)
    assert [(c.id, c.value, c.verdict) for c in a.cells] == \
        [(c.id, c.value, c.verdict) for c in b.cells]


def test_unknown_paper():
    with pytest.raises(ValueError, match="unknown paper"):
        repro.paper("999")


@pytest.mark.parametrize("name,kw,args", [
    ("001:eti", {}, []),
    ("001:eti", dict(ts_tm=0.1, from_=4, to=8), ["--ts-tm", "0.1", "--from", "4", "--to", "8"]),
    ("002:2", dict(to=6), ["--to", "6"]),
    ("002:2", dict(from_=3, to=5, M=4, ts=2, tc=0.5),
     ["--from", "3", "--to", "5", "--M", "4", "--ts", "2", "--tc", "0.5"]),
    ("003:II", dict(to=4, M=64), ["--to", "4", "--M", "64"]),
    ("003:I", dict(from_=3, to=3, M=32, ts=3), ["--from", "3", "--to", "3", "--M", "32",
                                                 "--ts", "3"]),
    ("004:5.7", dict(to=6, trials=60, seed=5), ["--to", "6", "--trials", "60", "--seed", "5"]),
])
def test_more_tables_equal_cli_json(cli, name, kw, args):
    theirs = cli_doc(cli, "table", name, "--format", "json", *args)
    same(repro.table(name, **kw), theirs)


def test_001_compare_records(cli):
    recs = repro.table("001:compare", from_=4, to=4)
    assert [(r["n"], r["port_limit"]) for r in recs] == [(4, 1), (4, 0)]
    assert len(recs[0]["tseng"]) == 3
    text = cli("table", "001:compare", "--from", "4", "--to", "4").stdout
    assert "4" in text
    for r in recs:
        # paper 000's allgather and the mesh's deliver everything in whole rounds
        assert r["mesh"]["rounds"] > 0 and r["multinode"]["run"]
    with pytest.raises(ValueError) as e:
        repro.table("001:compare", M=3)
    assert str(e.value) in cli("table", "001:compare", "--M", "3").stderr


@pytest.mark.parametrize("name,kw,args", [
    ("002:2", dict(k=3), ["--k", "3"]),
    ("004:5.7", dict(ts_tm=2), ["--ts-tm", "2"]),
    ("003:II", dict(M=70000), ["--M", "70000"]),
    ("003:II", dict(to=8), ["--to", "8"]),
    ("001:eti", dict(to=13), ["--to", "13"]),
])
def test_more_table_refusals(cli, name, kw, args):
    with pytest.raises(ValueError) as e:
        repro.table(name, **kw)
    run = cli("table", name, *args)
    assert run.returncode == 2
    assert str(e.value) in run.stderr


def test_table_004_57_seed_reproduces():
    a = repro.table("004:5.7", from_=4, to=5, trials=30, seed=2)
    assert a == repro.table("004:5.7", from_=4, to=5, trials=30, seed=2, threads=1)
    assert a != repro.table("004:5.7", from_=4, to=5, trials=30, seed=3)
