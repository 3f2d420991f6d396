"""Simulations: the catalog's plans in libtreecast's round engine (treecast/sim.h, treecast/plan.h).

``treecast.sim.run(plan, net, ...)`` runs what ``treecast sim PLAN --net ...`` runs and returns
what ``--format json`` prints, as a dict with the same keys and numbers: the network and the
trees of the plan's schedule (tc_schedule_find: the family's row, or the row for any network
with ``kind``), assembled as the CLI assembles them (tc_assembly_init), the paper's lower bound
and the rounds the construction claims (tc_schedule_reference), then one run (tc_sim_run), the
symmetry method of paper 000's Lemma 7 for the all-sources plans above 5040 nodes
(tc_sim_symmetry), or a seeded fault campaign (tc_sim_campaign_run) when ``trials`` is given.

Plans covered: every plan of the catalog. The schedules (``runner == "schedule"`` in
:func:`plans`): the broadcasts ``bcast``, ``bcast-bfs``, ``ft-bcast`` (paper 000, Section 4.3),
``multinode``, ``scatter``, ``total-exchange`` (paper 000, Sections 4.1-4.4) on S_n and any
network with ``kind``; ``bcast-binomial``, ``bcast-nedst``, ``ist-bcast`` (papers 002 and 004 on
Q_n), ``bcast-edst``, ``bcast-hp`` (paper 003 on I_k^n); and paper 002's scatter, allgather and
all-to-all over the SBnT, the SBG and the binomial tree, modelled in routing cycles (Section 5:
the dict is that of ``treecast sim`` for those plans: cycles, time, Table 2's value, the lower
bound). Paper 001's plans on S_n (tc_sim_tseng_alltoall beside Eq. (1), tc_sim_tseng_eq1;
tc_sim_allgather_mesh beside the Hamiltonian cycle and paper 000's multinode):
``alltoall-tseng`` (``k`` required: the substars' dimension) and ``allgather-mesh``. The routed
plans of S_n (ftroute.h): ``route`` (one route from ``root`` to ``to`` in the round engine, M
packets, beside the oracle), ``route-bcast``, ``route-unicast`` and ``bcast-compare`` (the
broadcasts over the routing beside paper 000's over x EDTs: tc_ftbcast_campaign or, with listed
faults, tc_ftbcast_once, summed by tc_ftbcast_summarize: ``schemes`` as the CLI's rows),
``route-campaign`` (``trials`` x ``pairs`` routes, tc_ftroute_campaign summed by
tc_ftroute_summarize). Their dicts are the CLI's JSON documents without format_version and
command.

Faults, beside the drawn ``faults="nodes:K"``: listed ones, ``fault=["node:LABEL",
"link:LABEL:DIM", "arc:LABEL:DIM"]`` (each item as ``--fault``, tc_faults_parse_item) and
``faults_file=PATH`` (a fault a line, as ``--faults-file``, tc_faults_parse_text), for the plans
that read them; a bad item raises ``ValueError`` with the CLI's sentence ("--fault ...").

A single run's dict adds, beside the CLI's keys, ``keys_expected``, ``keys_delivered``,
``last_delivery``, ``stopped`` (tc_sim_result_t) and, with ``per_round=True`` (the default),
``per_round``: two ``int64`` NumPy arrays indexed by round (0: the plan's start),
``transmissions`` (packets that crossed a link in the round, acknowledgements included) and
``deliveries`` (keys delivered to a node that did not have them), counted by the engine's
observers (which make the run take one thread; the result is the same). A campaign's dict adds
``per_trial``: the trials in order as arrays (rounds, complete_round, delivered, dropped, all,
faulty_nodes, faulty_links), what ``--format csv`` lists.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from treecast import _core
from treecast.network import Network

__all__ = ["run", "plans", "reads"]

_RUNNERS = {1: "schedule", 2: "tseng", 3: "route-campaign", 4: "routed"}
_ACKS = ("free", "round", "none")
_ORDERS = ("paper", "ascending", "descending")
_METHODS = ("auto", "full", "symmetry")

# keyword -> the option of `treecast sim` (tc_plan_options)
_OPTION = {
    "kind": "kind", "M": "M", "x": "x", "root": "root", "faults": "faults", "trials": "trials",
    "seed": "seed", "ports": "ports", "half_duplex": "half-duplex", "acks": "acks",
    "order": "order", "method": "method", "ts": "ts", "tm": "tm", "B": "B", "threads": "threads",
    "k": "k", "to": "to", "pairs": "pairs", "fault": "fault", "faults_file": "faults-file",
}


def plans() -> List[Tuple[str, str]]:
    """Every plan of the library's catalog (tc_plan_desc_at) as ``(name, runner)``; runner
    "schedule" for the catalog's schedules, "tseng" (paper 001), "route-campaign", "routed"."""
    return [(name, _RUNNERS.get(r, str(r))) for name, r in _core.plan_names()[0]]


def reads(plan: str, option: str) -> bool:
    """Whether ``plan`` reads the option of ``treecast sim`` named ``option`` ("M", "faults",
    "half-duplex", ...; tc_plan_desc_reads)."""
    return bool(_core.plan_reads(plan, option))


def _refuse_foreign(plan: str, given: List[str]) -> None:
    """The CLI's refusal (tools/treecast/cmd_sim.c, refuse_foreign): the first option given that
    the plan does not read, in the CLI's order, with its sentence."""
    options = _core.plan_names()[1]
    for opt in options:
        if opt in given and not _core.plan_reads(plan, opt):
            its = ", ".join("--" + o for o in options if _core.plan_reads(plan, o))
            raise _core.ArgumentError("--%s does not apply to %s (its options: %s)"
                                      % (opt, plan, its))


def _choice(value: Union[str, int], names: Tuple[str, ...], what: str) -> int:
    if isinstance(value, int) and 0 <= value < len(names):
        return value
    if value in names:
        return names.index(value)
    raise _core.ArgumentError("%s must be %s, not %r" % (what, ", ".join(names), value))


def _ports(value: Union[str, int]) -> int:
    if value in ("all", "one"):
        return 1 if value == "one" else 0
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 255:
        return value
    raise _core.ArgumentError("--ports must be all, one or an integer in 1..255, not \"%s\""
                              % (value,))


def run(
    plan: str,
    net: Union[Network, str],
    kind: Optional[str] = None,
    M: Optional[int] = None,
    x: Optional[int] = None,
    root: Union[int, str, None] = None,
    faults: Optional[str] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    ports: Union[str, int, None] = None,
    half_duplex: Optional[bool] = None,
    acks: Optional[str] = None,
    order: Optional[str] = None,
    method: Optional[str] = None,
    ts: Optional[float] = None,
    tm: Optional[float] = None,
    B: Optional[int] = None,
    threads: Optional[int] = None,
    per_round: bool = True,
    k: Optional[int] = None,
    to: Union[int, str, None] = None,
    pairs: Optional[int] = None,
    fault: Optional[Sequence[str]] = None,
    faults_file: Optional[str] = None,
) -> Dict[str, Any]:
    """Run ``plan`` on ``net`` (a :class:`treecast.Network` or a spec such as "star:6") as
    ``treecast sim PLAN --net NET ... --format json`` does, and return its document as a dict.

    Options (None: not given, the CLI's default): ``kind`` (the trees, instead of the plan's),
    ``M`` (messages per source; 1), ``x`` (copies of each message; 1 for bcast, every tree for
    the fault-tolerant plans), ``root`` (the source: a node id, a label, "identity" or "random",
    drawn with the seed), ``faults`` ("nodes:K", "links:K", "arcs:K", "mixed:K", "paths:K":
    drawn with ``seed``, never at the source; paper 000 Section 4.3's model), ``trials`` (a
    campaign: trial i draws its faults with seed + i; the dict is the CLI's summary: rounds and
    delivered fraction as min/median/p90/max, trials_all_delivered, the bound), ``seed`` (1),
    ``ports`` ("all", "one" or K ports per node per round; the plan's default), ``half_duplex``,
    ``acks`` ("free", "round", "none": multinode), ``order`` ("paper", "ascending",
    "descending"), ``method`` ("auto", "full", "symmetry"), ``ts`` (1), ``tm`` (0), ``B`` (1),
    ``threads`` (the CLI's choice; results do not depend on it), ``k`` (alltoall-tseng's
    substars' dimension), ``to`` (route's destination: a node id, a label or "random"),
    ``pairs`` (route-campaign's routes per trial; 1), ``fault`` (a list of listed faults,
    "node:LABEL", "link:LABEL:DIM", "arc:LABEL:DIM") and ``faults_file`` (a path). ``per_round``
    is the schedules' alone.

    An option the plan does not read raises ``ValueError`` (treecast.ArgumentError) with the
    CLI's sentence, "--faults does not apply to scatter-sbnt (its options: ...)"; so do the
    library's refusals (the sentence the CLI prints after "treecast sim: ").
    """
    desc = _core.plan_desc(plan)
    if desc is None:
        raise _core.ArgumentError("unknown plan \"%s\" (treecast sim --help lists them)" % plan)
    name, _help, _nets, _opts, _required, runner, port_default, _ = desc
    args = {"kind": kind, "M": M, "x": x, "root": root, "faults": faults, "trials": trials,
            "seed": seed, "ports": ports, "half_duplex": half_duplex, "acks": acks,
            "order": order, "method": method, "ts": ts, "tm": tm, "B": B, "threads": threads,
            "k": k, "to": to, "pairs": pairs, "fault": fault or None,
            "faults_file": faults_file}
    _refuse_foreign(name, [_OPTION[o] for o, v in args.items() if v is not None])
    if not isinstance(net, Network):
        net = Network(net)
    if isinstance(fault, str):
        fault = [fault]
    items = list(fault) if fault else None
    file = None if faults_file is None else str(faults_file)
    seed_ = 1 if seed is None else int(seed)
    port = port_default if ports is None else _ports(ports)
    if runner == 2:
        return _core.sim_tseng(net._net, name, 0 if k is None else int(k), port,
                               bool(half_duplex), 1.0 if ts is None else float(ts),
                               0.0 if tm is None else float(tm),
                               0 if method is None else _choice(method, _METHODS, "method"))
    if runner == 3:
        return _core.sim_route_campaign(net._net, faults, 0 if trials is None else int(trials),
                                        0 if pairs is None else int(pairs), seed_,
                                        0 if threads is None else int(threads))
    if runner == 4:
        return _core.sim_ftbcast(net._net, name, root, to, 1 if M is None else int(M),
                                 0 if x is None else int(x), kind, faults, items, file,
                                 0 if trials is None else int(trials), seed_, port,
                                 bool(half_duplex), 0 if threads is None else int(threads))
    d = _core.sim_schedule(
        net._net, name, kind, 1 if M is None else int(M), 0 if x is None else int(x), root,
        faults, 0 if trials is None else int(trials), seed_, port, bool(half_duplex),
        0 if acks is None else _choice(acks, _ACKS, "acks"),
        0 if order is None else _choice(order, _ORDERS, "order"),
        0 if method is None else _choice(method, _METHODS, "method"),
        1.0 if ts is None else float(ts), 0.0 if tm is None else float(tm),
        1 if B is None else int(B), 0 if threads is None else int(threads), bool(per_round),
        items, file)
    return _arrays(d)


def _arrays(d: Dict[str, Any]) -> Dict[str, Any]:
    """The raw int64/float64 bytes of the extension as NumPy arrays."""
    raw = [k for k in d if k.startswith("_")]
    if not raw:
        return d
    import numpy as np

    per_round, per_trial = {}, {}
    for k in raw:
        buf = d.pop(k)
        if k.startswith("_per_round_"):
            per_round[k[len("_per_round_"):]] = np.frombuffer(buf, dtype=np.int64).copy()
        elif k == "_trial_delivered":
            per_trial["delivered"] = np.frombuffer(buf, dtype=np.float64).copy()
        elif k == "_trial_all":
            per_trial["all"] = np.frombuffer(buf, dtype=np.int64).astype(bool)
        else:
            per_trial[k[len("_trial_"):]] = np.frombuffer(buf, dtype=np.int64).copy()
    if per_round:
        d["per_round"] = per_round
    if per_trial:
        d["per_trial"] = per_trial
    return d
