"""The streaming check (Network.check, tc_check_stream) against the materialized one
(Forest.check, tc_check_forest) and the CLI's `treecast check --stream`: the same result, every
field; the rotation shortcut where S_n's rotation maps the trees onto each other and nowhere
else; parts over ranges of nodes that merge into the whole; the library's sentence for a kind
without a rule; the GIL released (Ctrl-C: test_interrupt.py)."""

import json
import random
import time

import pytest

import treecast

# (network, kind, root, properties, sample): every field of the result compared
CASES = [("star:6", kind, root, None, None) for kind in ("edt", "spg", "bfs")
         for root in (0, 437)] + \
        [("cube:8", kind, root, None, None) for kind in ("ist", "sbg") for root in (0, 201)] + \
        [("star:6", "edt", 5, "all", None), ("star:6", "spg", 0, ["independence"], 50),
         ("cube:8", "ist", 77, "all", 40), ("cube:8", "sbg", 255, ["levels", "excess"], None),
         ("cube:7", "nedst", 3, "all", None), ("icube:6,3", "edst", 9, None, None)]


def whole(report):
    return report.holds, report.claims, report.result


@pytest.mark.parametrize("spec,kind,root,props,sample", CASES)
def test_stream_equals_forest_check(spec, kind, root, props, sample):
    net = treecast.Network(spec)
    assert net.stream_applies(kind)
    streamed = net.check(kind, root=root, properties=props, sample=sample, seed=3)
    built = net.trees(kind, root=root).check(properties=props, sample=sample, seed=3)
    assert streamed.result == built.result  # every field the CLI's JSON has
    assert whole(streamed) == whole(built)
    assert streamed.ranges == built.ranges == [(0, net.nodes)]
    assert streamed.result["root"] in (root, net.label(root))  # not the default root's
    # stream=False is the materialized check itself
    assert whole(net.check(kind, root=root, properties=props, sample=sample, seed=3,
                           stream=False)) == whole(built)


@pytest.mark.parametrize("spec,kind,root", [("star:6", "edt", "3,1,2,6,5,4"),
                                            ("cube:8", "sbg", None), ("star:5", "spg", None)])
def test_stream_equals_cli_stream(cli, spec, kind, root):
    args = ["check", "--net", spec, "--kind", kind, "--stream", "--format", "json"]
    net = treecast.Network(spec)
    if root is not None:
        args += ["--root", root]
    run = cli(*args)
    assert run.returncode in (0, 1), run.stderr
    doc = json.loads(run.stdout)
    report = net.check(kind, root=root or 0)
    assert report.result == doc["result"]
    assert report.holds == doc["all_hold"]


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_rotation_shortcut_on_the_edts(n):
    net = treecast.Network("star:%d" % n)
    for root in (0, net.nodes - 1):
        assert net.stream_shortcut("edt", root)
        report = net.check("edt", root=root)
        assert report.depth_by_rotation == n - 2  # n-1 trees, one orbit: one tree walked
        assert report.holds
        assert net.trees("edt", root=root).check().depth_by_rotation == 0


@pytest.mark.parametrize("spec,kind", [("cube:8", "ist"), ("cube:8", "sbg"), ("cube:6", "nedst"),
                                       ("star:6", "bfs"), ("icube:6,3", "edst")])
def test_no_shortcut_walks_every_tree(spec, kind):
    net = treecast.Network(spec)
    assert not net.stream_shortcut(kind, 0)
    assert net.check(kind).depth_by_rotation == 0


def cover(nodes, cuts, seed):
    bounds = [0] + sorted(random.Random(seed).sample(range(1, nodes), cuts)) + [nodes]
    parts = list(zip(bounds, bounds[1:]))
    random.Random(seed + 1).shuffle(parts)
    return parts


@pytest.mark.parametrize("spec,kind,root,props,sample", [
    ("star:6", "edt", 0, None, None), ("star:6", "edt", 100, "all", 60),
    ("star:6", "spg", 7, None, None), ("cube:8", "sbg", 201, "all", None),
    ("cube:8", "ist", 5, None, 30)])
def test_ranges_merge_into_the_whole(spec, kind, root, props, sample):
    net = treecast.Network(spec)
    full = net.check(kind, root=root, properties=props, sample=sample)
    ranges = cover(net.nodes, 4, root)
    parts = [net.check(kind, root=root, properties=props, sample=sample,
                       nodes=range(lo, hi) if i % 2 else (lo, hi))
             for i, (lo, hi) in enumerate(ranges)]
    for part, r in zip(parts, ranges):
        assert part.ranges == [r] and part.depth_by_rotation == 0
        assert not part.holds and "spanning" in part.failing  # judged on its nodes alone
        assert part.result != full.result
    merged = treecast.CheckReport.merge(parts)
    assert merged.ranges == [(0, net.nodes)]
    assert merged.result == full.result
    assert whole(merged) == whole(full)
    # two halves of the merge merged again: the same
    again = treecast.CheckReport.merge([treecast.CheckReport.merge(parts[:2]),
                                        treecast.CheckReport.merge(parts[2:])])
    assert again.result == full.result
    # a whole report merges alone into itself, depth_by_rotation kept
    alone = treecast.CheckReport.merge([full])
    assert whole(alone) == whole(full) and alone.depth_by_rotation == full.depth_by_rotation


def test_merge_refuses_what_does_not_add_up():
    net = treecast.Network("star:5")
    a = net.check("edt", nodes=(0, 60))
    with pytest.raises(ValueError, match="in two of the reports"):
        treecast.CheckReport.merge([a, net.check("edt", nodes=(50, 120))])
    with pytest.raises(ValueError, match="same kind"):
        treecast.CheckReport.merge([a, net.check("spg", nodes=(60, 120))])
    with pytest.raises(ValueError, match="same kind"):
        treecast.CheckReport.merge([a, net.check("edt", root=1, nodes=(60, 120))])
    with pytest.raises(ValueError, match="same kind"):
        treecast.CheckReport.merge([a, net.check("edt", properties="spanning", nodes=(60, 120))])
    with pytest.raises(ValueError, match="Only the reports of Network.check"):
        treecast.CheckReport.merge([net.trees("edt").check()])
    b = net.check("edt", nodes=(60, 120))
    assert treecast.CheckReport.merge([b, a]).result == net.check("edt").result
    assert treecast.CheckReport.merge([a]).ranges == [(0, 60)]


def test_kind_without_a_rule():
    net = treecast.Network("cube:4")
    assert not net.stream_applies("packing")
    with pytest.raises(ValueError, match="rule; tree kind packing has none on Q_4") as e:
        net.check("packing")
    assert isinstance(e.value, treecast.ArgumentError) and e.value.code == "TC_EINVAL"
    assert str(e.value) == e.value.detail
    assert net.check("packing", stream=False).holds  # the forest, built, is checked
    star = treecast.Network("star:5")
    assert star.stream_applies() and star.primary_kind == "edt"
    assert not star.stream_applies("edst")
    with pytest.raises(treecast.ArgumentError, match="tree kind edst has none on S_5"):
        star.check("edst")


def test_bad_arguments():
    net = treecast.Network("star:5")
    with pytest.raises(treecast.ArgumentError, match="outside 0..119"):
        net.check("edt", nodes=(0, 121))
    with pytest.raises(treecast.ArgumentError, match="outside 0..119"):
        net.check("edt", root=120)
    with pytest.raises(ValueError, match="stream=False"):
        net.check("edt", stream=False, nodes=(0, 10))
    with pytest.raises(ValueError, match="step 1"):
        net.check("edt", nodes=range(0, 120, 2))
    with pytest.raises(treecast.ArgumentError, match="Unknown property"):
        net.check("edt", properties=["nosuch"])
    with pytest.raises(treecast.ArgumentError):
        net.check("nosuch")
    assert net.check("edt", nodes=(7, 7)).ranges == []  # an empty part
    assert net.check(None, root="12345").result == net.check("edt").result


def test_the_gil_is_released():
    """A Python thread runs while the streaming check runs in another."""
    import threading

    net = treecast.Network("star:9")
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.005)

    t = threading.Thread(target=tick)
    t.start()
    try:
        t0 = time.monotonic()
        net.check("edt", threads=1, properties=["independence"])
        t1 = time.monotonic()
    finally:
        done.set()
        t.join()
    inside = [x for x in ticks if t0 < x < t1]
    assert t1 - t0 < 0.05 or len(inside) >= 3, (t1 - t0, len(inside))
