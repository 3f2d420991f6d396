"""treecast.sim.run gives the numbers of `treecast sim PLAN --net ... --format json`."""

import json

import numpy as np
import pytest

import treecast
import treecast.sim

# (plan, net, keyword arguments of sim.run, the same as CLI options)
CASES = [
    ("bcast", "star:5", dict(M=10), ["--M", "10"]),
    ("bcast", "star:6", dict(M=7, root="random", seed=3), ["--M", "7", "--root", "random",
                                                          "--seed", "3"]),
    ("ft-bcast", "star:5", dict(M=6, faults="nodes:3", seed=4),
     ["--M", "6", "--faults", "nodes:3", "--seed", "4"]),
    ("ft-bcast", "star:5", dict(M=6, x=2, faults="links:4", seed=2, ports="one"),
     ["--M", "6", "--x", "2", "--faults", "links:4", "--seed", "2", "--ports", "one"]),
    ("multinode", "star:4", dict(M=2, acks="round"), ["--M", "2", "--acks", "round"]),
    ("scatter", "star:5", dict(M=2, half_duplex=True), ["--M", "2", "--half-duplex"]),
    ("total-exchange", "star:4", dict(), []),
    ("total-exchange", "star:5", dict(method="symmetry"), ["--method", "symmetry"]),
    ("bcast-nedst", "cube:5", dict(M=9), ["--M", "9"]),
    ("ist-bcast", "cube:4", dict(M=3, faults="nodes:2", seed=7),
     ["--M", "3", "--faults", "nodes:2", "--seed", "7"]),
    ("bcast-edst", "icube:5,2", dict(M=4), ["--M", "4"]),
    ("bcast", "torus:4,3", dict(kind="bfs", M=3), ["--kind", "bfs", "--M", "3"]),
    ("scatter-sbnt", "cube:5", dict(M=4, ts=2, tm=0.5), ["--M", "4", "--ts", "2", "--tm", "0.5"]),
    ("alltoall-sbg", "cube:4", dict(M=2, ports="one"), ["--M", "2", "--ports", "one"]),
]


def cli_json(cli, plan, net, args):
    run = cli("sim", plan, "--net", net, "--format", "json", *args)
    assert run.returncode == 0, run.stderr
    doc = json.loads(run.stdout)
    del doc["format_version"], doc["command"]
    return doc


def same(ours, theirs, path=""):
    """ours holds every key of theirs with the same value (floats: as JSON prints them)."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict), path
        for k, v in theirs.items():
            assert k in ours, path + "/" + k
            same(ours[k], v, path + "/" + k)
    elif isinstance(theirs, float) or isinstance(ours, float):
        assert ours == pytest.approx(theirs, abs=5e-7, rel=1e-12), path
    else:
        assert ours == theirs, path


@pytest.mark.parametrize("plan,net,kw,args", CASES)
def test_run_equals_cli_json(cli, plan, net, kw, args):
    ours = treecast.sim.run(plan, net, **kw)
    same(ours, cli_json(cli, plan, net, args))


@pytest.mark.parametrize("plan,net,kw,args", [
    ("ft-bcast", "star:5", dict(M=6, faults="nodes:3", trials=25, seed=4),
     ["--M", "6", "--faults", "nodes:3", "--trials", "25", "--seed", "4"]),
    ("bcast", "star:5", dict(faults="nodes:2", trials=40, seed=9),
     ["--faults", "nodes:2", "--trials", "40", "--seed", "9"]),
    ("ist-bcast", "cube:5", dict(M=2, faults="paths:2", trials=30, seed=2),
     ["--M", "2", "--faults", "paths:2", "--trials", "30", "--seed", "2"]),
])
def test_campaign_equals_cli_json(cli, plan, net, kw, args):
    ours = treecast.sim.run(plan, net, **kw)
    theirs = cli_json(cli, plan, net, args)
    same(ours, theirs)
    trials = ours["per_trial"]
    assert len(trials["rounds"]) == kw["trials"]
    assert int(trials["all"].sum()) == theirs["trials_all_delivered"]
    assert int(trials["rounds"].max()) == theirs["rounds"]["max"]


def test_campaign_trial_is_single_run():
    """Trial i of a campaign with seed S is the single run with seed S + i."""
    camp = treecast.sim.run("ft-bcast", "star:5", M=4, faults="nodes:4", trials=5, seed=11)
    for i in range(5):
        one = treecast.sim.run("ft-bcast", "star:5", M=4, faults="nodes:4", seed=11 + i)
        assert one["rounds"] == camp["per_trial"]["rounds"][i]
        assert one["dropped"] == camp["per_trial"]["dropped"][i]


def test_seeds_reproduce():
    a = treecast.sim.run("ft-bcast", "star:6", M=5, faults="mixed:6", seed=5)
    b = treecast.sim.run("ft-bcast", "star:6", M=5, faults="mixed:6", seed=5)
    c = treecast.sim.run("ft-bcast", "star:6", M=5, faults="mixed:6", seed=6)
    for k in ("rounds", "dropped", "transmissions", "incomplete"):
        assert a[k] == b[k]
    assert np.array_equal(a["per_round"]["transmissions"], b["per_round"]["transmissions"])
    assert (a["dropped"], a["transmissions"]) != (c["dropped"], c["transmissions"])


def test_per_round_counts():
    r = treecast.sim.run("bcast", treecast.Network("star:6"), M=12)
    tx, dl = r["per_round"]["transmissions"], r["per_round"]["deliveries"]
    assert tx.dtype == np.int64 and len(tx) == r["rounds"] + 1
    assert tx.sum() == r["transmissions"]
    assert dl.sum() == r["keys_delivered"]
    assert tx[r["rounds"]] > 0 and tx[0] == 0
    assert r["predicted_rounds"] == r["rounds"]


@pytest.mark.parametrize("plan,kw,option", [
    ("scatter-sbnt", dict(faults="nodes:1"), "faults"),
    ("bcast", dict(acks="round"), "acks"),
    ("scatter-sbnt", dict(half_duplex=True), "half-duplex"),
])
def test_refused_option_has_the_cli_sentence(cli, plan, kw, option):
    net = "cube:4" if plan == "scatter-sbnt" else "star:4"
    with pytest.raises(ValueError) as e:
        treecast.sim.run(plan, net, **kw)
    value = list(kw.values())[0]
    run = cli("sim", plan, "--net", net, "--" + option, *([] if value is True else [str(value)]))
    assert run.returncode == 2
    assert str(e.value).startswith("--%s does not apply to %s" % (option, plan))
    assert str(e.value) in run.stderr


def test_library_refusals_are_value_errors(cli):
    with pytest.raises(ValueError) as e:
        treecast.sim.run("bcast", "star:5", x=9)
    run = cli("sim", "bcast", "--net", "star:5", "--x", "9")
    assert str(e.value) in run.stderr
    with pytest.raises(ValueError) as e:
        treecast.sim.run("bcast", "star:5", faults="nodes:999")
    run = cli("sim", "bcast", "--net", "star:5", "--faults", "nodes:999")
    assert str(e.value) in run.stderr
    with pytest.raises(ValueError, match="unknown plan"):
        treecast.sim.run("no-such-plan", "star:5")


def test_plans_listed():
    names = dict(treecast.sim.plans())
    assert names["bcast"] == "schedule" and names["alltoall-tseng"] == "tseng"
    assert treecast.sim.reads("bcast", "M") and not treecast.sim.reads("scatter-sbnt", "faults")


# paper 001's plans, the routed plans and route-campaign (keyword arguments and CLI options)
OTHER_CASES = [
    ("alltoall-tseng", "star:4", dict(k=2), ["--k", "2"]),
    ("alltoall-tseng", "star:5", dict(k=3, ports="one", tm=0.5),
     ["--k", "3", "--ports", "one", "--tm", "0.5"]),
    ("allgather-mesh", "star:4", dict(ts=2), ["--ts", "2"]),
    ("route", "star:5", dict(to="random", faults="nodes:3", seed=2, M=3),
     ["--to", "random", "--faults", "nodes:3", "--seed", "2", "--M", "3"]),
    ("route", "star:5", dict(to="54321", fault=["node:21345"]),
     ["--to", "54321", "--fault", "node:21345"]),
    ("route-bcast", "star:5", dict(faults="links:4", trials=10, seed=3, M=2),
     ["--faults", "links:4", "--trials", "10", "--seed", "3", "--M", "2"]),
    ("route-unicast", "star:5", dict(faults="nodes:2", trials=5), ["--faults", "nodes:2",
                                                                  "--trials", "5"]),
    ("bcast-compare", "star:5", dict(faults="mixed:3", trials=6, seed=5),
     ["--faults", "mixed:3", "--trials", "6", "--seed", "5"]),
    ("bcast-compare", "star:4", dict(x=2, fault=["link:2134:2"]), ["--x", "2", "--fault",
                                                                  "link:2134:2"]),
    ("route-campaign", "star:5", dict(faults="nodes:3", trials=50, pairs=3, seed=4),
     ["--faults", "nodes:3", "--trials", "50", "--pairs", "3", "--seed", "4"]),
    ("bcast", "star:5", dict(M=3, fault=["node:21345", "arc:12345:3"]),
     ["--M", "3", "--fault", "node:21345", "--fault", "arc:12345:3"]),
]


@pytest.mark.parametrize("plan,net,kw,args", OTHER_CASES)
def test_other_plans_equal_cli_json(cli, plan, net, kw, args):
    ours = treecast.sim.run(plan, net, **kw)
    theirs = cli_json(cli, plan, net, args)
    same(ours, theirs)
    if plan != "bcast":
        assert set(ours) == set(theirs)


def test_faults_file_equals_cli(cli, tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("# two faults\nnode 21345\n\nlink 12345 4\n")
    ours = treecast.sim.run("route-bcast", "star:5", faults_file=str(path), M=2)
    same(ours, cli_json(cli, "route-bcast", "star:5", ["--faults-file", str(path), "--M", "2"]))
    assert ours["faults"].endswith("listed")
    ours = treecast.sim.run("ft-bcast", "star:5", faults_file=str(path), M=4)
    same(ours, cli_json(cli, "ft-bcast", "star:5", ["--faults-file", str(path), "--M", "4"]))


@pytest.mark.parametrize("plan,kw,args", [
    ("route", dict(fault=["node:99999"], to="54321"), ["--fault", "node:99999", "--to", "54321"]),
    ("bcast", dict(fault=["link:21345"]), ["--fault", "link:21345"]),
    ("alltoall-tseng", dict(), []),
    ("alltoall-tseng", dict(k=7), ["--k", "7"]),
    ("route", dict(), []),
    ("route-bcast", dict(fault=["node:21345"], faults="nodes:1"),
     ["--fault", "node:21345", "--faults", "nodes:1"]),
    ("route-campaign", dict(faults="paths:2"), ["--faults", "paths:2"]),
])
def test_other_refusals_have_the_cli_sentence(cli, plan, kw, args):
    with pytest.raises(ValueError) as e:
        treecast.sim.run(plan, "star:5", **kw)
    run = cli("sim", plan, "--net", "star:5", *args)
    assert run.returncode in (2, 3)  # misuse, or data (a fault item the parser refuses)
    assert str(e.value) in run.stderr


@pytest.mark.parametrize("plan,kw,option", [
    ("alltoall-tseng", dict(k=2, faults="nodes:1"), "faults"),
    ("allgather-mesh", dict(M=3), "M"),
    ("route-campaign", dict(to="54321"), "to"),
    ("route-unicast", dict(x=2), "x"),
    ("route", dict(trials=3), "trials"),
])
def test_other_plans_refuse_foreign_options(cli, plan, kw, option):
    with pytest.raises(ValueError) as e:
        treecast.sim.run(plan, "star:4", **kw)
    value = kw[option.replace("-", "_")]
    run = cli("sim", plan, "--net", "star:4", "--" + option, str(value))
    assert run.returncode == 2
    assert str(e.value).startswith("--%s does not apply to %s" % (option, plan))
    assert str(e.value) in run.stderr


def test_routed_seeds_reproduce():
    a = treecast.sim.run("bcast-compare", "star:5", faults="nodes:4", trials=8, seed=7)
    b = treecast.sim.run("bcast-compare", "star:5", faults="nodes:4", trials=8, seed=7, threads=1)
    assert a == b
    c = treecast.sim.run("route-campaign", "star:5", faults="links:6", trials=40, seed=3)
    d = treecast.sim.run("route-campaign", "star:5", faults="links:6", trials=40, seed=3)
    e = treecast.sim.run("route-campaign", "star:5", faults="links:6", trials=40, seed=4)
    assert c == d and c != e
