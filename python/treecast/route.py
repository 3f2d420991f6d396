"""The faulty-star routing (treecast/ftroute.h): a message routed on S_n around faults it does
not know of, by depth-first search with backtracking under rising detour budgets, beside the
breadth-first oracle over the working links -- what ``treecast route --method dfs`` prints."""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Dict, Optional, Union

from treecast import _core
from treecast.network import Network

__all__ = ["route"]


def route(
    net: Union[Network, str],
    src: Union[int, str],
    dst: Union[int, str],
    faults: Optional[str] = None,
    seed: int = 1,
) -> Dict[str, Any]:
    """Route from ``src`` to ``dst`` on the star graph ``net`` (tc_ftroute_star) under
    ``faults`` ("nodes:K", "links:K", "arcs:K", "mixed:K": drawn with ``seed``, never at the
    source, tc_faults_random; None: no fault). ``src``/``dst``: node ids, labels ("12345"),
    "identity" or "random" (drawn with ``seed`` and ``seed + 1``, as the CLI's --from/--to).

    Returns the dict of ``treecast route --net NET --from SRC --to DST --faults F --seed S
    --format json``: ``delivered`` (False: the message came back to the source), ``hops``
    (links crossed, backtracks included), ``backtracks``, ``length`` (the delivered route's
    links), ``distance`` (fault-free), ``shortest`` (the oracle, None: unreachable),
    ``detours``, ``stretch``, ``budget``, ``visited_max``, ``header_bits``, ``hop_bound``,
    ``guarantees_hold``; ``crossings``: every link crossing as the CLI lists it (hop, back, dim,
    node label, budget); and ``nodes``/``ports``/``route``: the node ids visited in order from
    the source, the port (dimension - dim_min) of each crossing, and the delivered route itself
    (the node ids from src to dst with the backtracked detours removed; [] when returned).
    """
    if not isinstance(net, Network):
        net = Network(net)
    d = _core.route_star(net._net, src, dst, faults, int(seed))
    raw = d.pop("_crossings")
    dim_min = net.dim_min
    d["crossings"] = [{"hop": i + 1, "back": bool(back), "dim": dim, "node": lab, "budget": b}
                      for i, (_f, _t, dim, back, lab, b) in enumerate(raw)]
    d["nodes"] = [d["src"]] + [t for _f, t, *_ in raw]
    d["ports"] = [dim - dim_min for _f, _t, dim, *_ in raw]
    path = [d["src"]]
    for _f, t, _dim, back, _lab, _b in raw:
        if back:
            if len(path) > 1:
                path.pop()
        elif t in path:  # a new search from the source: the path restarts there
            del path[path.index(t) + 1:]
        else:
            path.append(t)
    d["route"] = path if d["delivered"] else []
    return d
