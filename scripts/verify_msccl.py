#!/usr/bin/env python3
"""verify_msccl.py -- check an MSCCL-IR algorithm (treecast trees --kind optimal --format msccl)
without trusting treecast.

usage: verify_msccl.py FILE|- [--gpus C] [--schedule SCHEDULE.json] [--orders K]

The file is read with xml.etree.ElementTree and checked as the MSCCL runtimes load it
(msccl-executor-nccl and RCCL, src/misc/msccl/msccl_parser.cc; msccl-tools msccl/language/ir.py):

  - the root element is <algo> with name, proto (Simple, LL, LL128), nchannels, nchunksperloop,
    ngpus, coll (allgather or broadcast), inplace, outofplace, minBytes and maxBytes; ngpus
    <gpu> elements with ids 0..ngpus-1 (and ngpus = C with --gpus C) and i_chunks, o_chunks,
    s_chunks; threadblocks <tb> with ids 0..n-1 on each gpu, send and recv peers other than the
    gpu, a channel below nchannels, at most one threadblock per (channel, send peer) and per
    (channel, recv peer) of a gpu; steps s = 0..n-1 (at most 64), of a known type, cnt 1..71,
    offsets inside the buffers the runtime checks, the send (recv) peer a step needs, depid/deps
    naming a step of another threadblock of the same gpu, hasdep exactly on the steps waited for;
  - every (sender, receiver, channel) connection: the sender's sends and the receiver's receives
    come in equal number with equal counts, so every send has its receive;
  - every step that sends (or copies) data comes after the step that wrote it there, in the
    order of the threadblocks' steps, the dependencies and each send before its receive (so in
    every run, however much the runtime buffers), and that order has no cycle;
  - the steps are run, each threadblock in the order of s, a step once the step it depends on
    has run, in two ways: streaming, where a transfer runs only when the sender's send and the
    receiver's receive are both next in their threadblocks (and, for a receive-copy-send, the
    next receiver as well), so that a schedule that could deadlock in the runtime's bounded
    buffers stops; and eager, where a send completes at once into an unbounded buffer and a
    receive takes what has arrived. Each in K orders of trying the threadblocks (default 4: by
    gpu, reversed, two shuffles). A send of a chunk its gpu does not hold yet, a chunk received
    twice, a send never received, or a gpu that ends without every chunk (allgather: every
    rank's block at its place; broadcast: the root's data) fails;
  - with --schedule (the JSON of treecast trees --kind optimal --format json): every chunk
    travelled down one of the document's trees rooted at its source (as ranks, parent to child),
    and the chunks of each source are split over its trees in proportion to their weights.

Exit status 0 when everything holds ("ok: ..."), 1 with the first problem found.
"""
import json
import random
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

MAX_STEPS = 64
MAX_CNT = 71
TYPES = {"s", "r", "rcs", "cpy"}
SENDS = {"s", "rcs"}
RECVS = {"r", "rcs"}


class Bad(Exception):
    pass


def need(cond, msg):
    if not cond:
        raise Bad(msg)


def intattr(el, name):
    need(name in el.attrib, f"<{el.tag}> lacks {name}")
    try:
        return int(el.attrib[name])
    except ValueError:
        raise Bad(f"<{el.tag}> {name}={el.attrib[name]!r} is not an integer")


def parse(text, want_gpus):
    root = ET.fromstring(text)
    need(root.tag == "algo", f"the root element is <{root.tag}>, not <algo>")
    for a in ("name", "proto", "coll"):
        need(a in root.attrib, f"<algo> lacks {a}")
    algo = {a: intattr(root, a) for a in ("nchannels", "nchunksperloop", "ngpus", "inplace",
                                          "outofplace", "minBytes", "maxBytes")}
    algo["proto"] = root.attrib["proto"]
    algo["coll"] = root.attrib["coll"]
    need(algo["proto"] in ("Simple", "LL", "LL128"), f"proto {algo['proto']}")
    need(algo["coll"] in ("allgather", "broadcast"), f"coll {algo['coll']}")
    need(algo["inplace"] + algo["outofplace"] == 1, "inplace and outofplace: exactly one")
    need(1 <= algo["nchannels"] <= 32, f"nchannels {algo['nchannels']}")
    need(1 <= algo["nchunksperloop"] <= 32767, f"nchunksperloop {algo['nchunksperloop']}")
    n = algo["ngpus"]
    gpus = list(root)
    need(all(g.tag == "gpu" for g in gpus), "<algo> holds something else than <gpu>")
    need(len(gpus) == n, f"ngpus={n} but {len(gpus)} <gpu> elements")
    if want_gpus is not None:
        need(n == want_gpus, f"ngpus={n}, expected {want_gpus} compute nodes")
    need(sorted(intattr(g, "id") for g in gpus) == list(range(n)), "gpu ids are not 0..ngpus-1")
    G = {}
    for g in gpus:
        gid = intattr(g, "id")
        bufs = {"i": intattr(g, "i_chunks"), "o": intattr(g, "o_chunks"),
                "s": intattr(g, "s_chunks")}
        tbs = {}
        send_of, recv_of = {}, {}
        for tb in g:
            need(tb.tag == "tb", f"gpu {gid} holds <{tb.tag}>")
            b = intattr(tb, "id")
            need(b not in tbs, f"gpu {gid}: tb {b} twice")
            send, recv, chan = intattr(tb, "send"), intattr(tb, "recv"), intattr(tb, "chan")
            where = f"gpu {gid} tb {b}"
            need(-1 <= send < n and send != gid, f"{where}: send peer {send}")
            need(-1 <= recv < n and recv != gid, f"{where}: recv peer {recv}")
            need(0 <= chan < algo["nchannels"], f"{where}: channel {chan}")
            if send >= 0:
                need((chan, send) not in send_of,
                     f"{where}: tb {send_of.get((chan, send))} also sends to {send} on channel {chan}")
                send_of[chan, send] = b
            if recv >= 0:
                need((chan, recv) not in recv_of,
                     f"{where}: tb {recv_of.get((chan, recv))} also receives from {recv} on channel {chan}")
                recv_of[chan, recv] = b
            steps = []
            for st in tb:
                need(st.tag == "step", f"{where} holds <{st.tag}>")
                d = {a: intattr(st, a) for a in ("s", "srcoff", "dstoff", "cnt", "depid", "deps",
                                                 "hasdep")}
                for a in ("type", "srcbuf", "dstbuf"):
                    need(a in st.attrib, f"{where}: a step lacks {a}")
                    d[a] = st.attrib[a]
                steps.append(d)
            need([d["s"] for d in steps] == list(range(len(steps))),
                 f"{where}: steps are not s = 0..{len(steps) - 1} in order")
            need(len(steps) <= MAX_STEPS, f"{where}: {len(steps)} steps, the runtime runs {MAX_STEPS}")
            for d in steps:
                at = f"{where} step {d['s']}"
                need(d["type"] in TYPES, f"{at}: type {d['type']}")
                need(1 <= d["cnt"] <= MAX_CNT, f"{at}: cnt {d['cnt']}")
                need(d["type"] not in SENDS or send >= 0, f"{at}: {d['type']} without a send peer")
                need(d["type"] not in RECVS or recv >= 0, f"{at}: {d['type']} without a recv peer")
                for side, check in (("src", d["type"] in ("s", "cpy")), ("dst", d["type"] != "s")):
                    buf, off = d[side + "buf"], d[side + "off"]
                    need(buf in bufs, f"{at}: {side}buf {buf}")
                    if check:
                        need(0 <= off and off + d["cnt"] <= bufs[buf],
                             f"{at}: {side} {buf}[{off}..{off + d['cnt'] - 1}] outside {bufs[buf]} chunks")
                need(d["hasdep"] in (0, 1), f"{at}: hasdep {d['hasdep']}")
                need((d["depid"] < 0) == (d["deps"] < 0), f"{at}: depid {d['depid']} deps {d['deps']}")
            tbs[b] = {"send": send, "recv": recv, "chan": chan, "steps": steps}
        need(sorted(tbs) == list(range(len(tbs))), f"gpu {gid}: tb ids are not 0..{len(tbs) - 1}")
        waited = set()
        for b, tb in tbs.items():
            for d in tb["steps"]:
                if d["depid"] >= 0:
                    at = f"gpu {gid} tb {b} step {d['s']}"
                    need(d["depid"] != b and d["depid"] in tbs, f"{at}: depid {d['depid']}")
                    need(d["deps"] < len(tbs[d["depid"]]["steps"]), f"{at}: deps {d['deps']}")
                    waited.add((d["depid"], d["deps"]))
        for b, tb in tbs.items():
            for d in tb["steps"]:
                need(d["hasdep"] == ((b, d["s"]) in waited),
                     f"gpu {gid} tb {b} step {d['s']}: hasdep={d['hasdep']}, but it is "
                     f"{'' if (b, d['s']) in waited else 'not '}waited for")
        G[gid] = {"bufs": bufs, "tbs": tbs, "send_of": send_of, "recv_of": recv_of}
    return algo, G


def connections(algo, G):
    """Every connection's sends and receives: equal in number and counts."""
    pairs = defaultdict(int)
    for u, g in G.items():
        for (chan, v), b in g["send_of"].items():
            sends = [d["cnt"] for d in g["tbs"][b]["steps"] if d["type"] in SENDS]
            rb = G[v]["recv_of"].get((chan, u))
            recvs = [] if rb is None else [d["cnt"] for d in G[v]["tbs"][rb]["steps"]
                                           if d["type"] in RECVS]
            need(sends == recvs, f"{u} -> {v} on channel {chan}: sends of {sends} chunks, "
                                 f"receives of {recvs}")
            pairs[u, v] += sum(sends)
        for (chan, v), b in g["recv_of"].items():
            need((chan, u) in G[v]["send_of"] or
                 not any(d["type"] in RECVS for d in g["tbs"][b]["steps"]),
                 f"{u} receives from {v} on channel {chan}, which never sends")
    return pairs


def run(algo, G, order=0, eager=False):
    """Run the steps (see the docstring); returns each chunk's (sender, receiver) arcs. order
    picks the order in which the threadblocks are tried: 0 by gpu and id, 1 the reverse, more a
    shuffle seeded by it. eager: a send completes into its connection at once, whether the
    receiver is at its receive or not (unbounded buffers), so that a send that lacks its
    dependency on a receive runs too early; otherwise data streams only when the sender and all
    receivers of a chain are at their steps (no buffers), so that a schedule that can deadlock
    stops."""
    n, N = algo["ngpus"], algo["nchunksperloop"]
    ag = algo["coll"] == "allgather"
    inplace = algo["inplace"] == 1
    block = N // n if ag else N
    if ag:
        need(N % n == 0, f"nchunksperloop {N} is not a multiple of ngpus {n}")
        sources = list(range(n))
    else:  # the broadcast's root: the one gpu that receives nothing
        sources = [u for u in G if not any(d["type"] in RECVS for tb in G[u]["tbs"].values()
                                           for d in tb["steps"])]
        need(len(sources) == 1, f"a broadcast with {len(sources)} gpus that receive nothing")
    mem = {u: {} for u in G}  # (buf, off) -> chunk (source, index)
    for u in sources:
        for k in range(block):
            if inplace:
                mem[u]["o", (u * block if ag else 0) + k] = (u, k)
            else:
                mem[u]["i", k] = (u, k)
    pc = {(u, b): 0 for u in G for b in G[u]["tbs"]}
    done = set()
    travel = defaultdict(list)

    def step(u, b):
        tb = G[u]["tbs"][b]
        return tb["steps"][pc[u, b]] if pc[u, b] < len(tb["steps"]) else None

    def ready(u, b, d):
        return d["depid"] < 0 or (u, d["depid"], d["deps"]) in done

    def read(u, buf, off, cnt, at):
        out = []
        for k in range(cnt):
            c = mem[u].get((buf, off + k))
            need(c is not None, f"{at} sends {buf}[{off + k}], which gpu {u} does not hold yet")
            out.append(c)
        return out

    def write(u, buf, off, chunks, at):
        for k, c in enumerate(chunks):
            need((buf, off + k) not in mem[u],
                 f"{at} writes {buf}[{off + k}] of gpu {u}, which it already holds")
            mem[u][buf, off + k] = c

    def finish(u, b):
        done.add((u, b, pc[u, b]))
        pc[u, b] += 1

    scan = [(u, b) for u in sorted(G) for b in sorted(G[u]["tbs"])]
    if order == 1:
        scan.reverse()
    elif order > 1:
        random.Random(order).shuffle(scan)
    fifo = defaultdict(list)  # eager: (sender, receiver, channel) -> messages in flight

    def deliver(x, y, yb, yd, data):
        need(yd["cnt"] == len(data), f"gpu {y} tb {yb} step {yd['s']} receives {yd['cnt']} "
                                     f"chunks, gpu {x} sends {len(data)}")
        write(y, yd["dstbuf"], yd["dstoff"], data, f"gpu {y} tb {yb} step {yd['s']}")
        for c in data:
            travel[c].append((x, y))

    progress = True
    while progress:
        progress = False
        for u, b in scan:
            d = step(u, b)
            if d is None or not ready(u, b, d):
                continue
            at = f"gpu {u} tb {b} step {d['s']}"
            tb = G[u]["tbs"][b]
            if d["type"] == "cpy":
                write(u, d["dstbuf"], d["dstoff"],
                      read(u, d["srcbuf"], d["srcoff"], d["cnt"], at), at)
            elif eager and d["type"] == "s":  # into the connection, whoever receives
                fifo[u, tb["send"], tb["chan"]].append(
                    read(u, d["srcbuf"], d["srcoff"], d["cnt"], at))
            elif eager:  # a receive of what has arrived
                q = fifo[tb["recv"], u, tb["chan"]]
                if not q:
                    continue
                data = q.pop(0)
                deliver(tb["recv"], u, b, d, data)
                if d["type"] == "rcs":
                    fifo[u, tb["send"], tb["chan"]].append(data)
            elif d["type"] != "s":
                continue  # receives run with the send that starts their chain
            else:  # the chain: u sends; each receiver must be at its matching receive, ready
                chain = [(u, b, d)]
                x, xb = u, b
                while True:
                    xt = G[x]["tbs"][xb]
                    v = xt["send"]
                    rb = G[v]["recv_of"].get((xt["chan"], x))
                    rd = step(v, rb) if rb is not None else None
                    if rd is None or rd["type"] not in RECVS or not ready(v, rb, rd):
                        chain = None
                        break
                    chain.append((v, rb, rd))
                    if rd["type"] == "r":
                        break
                    x, xb = v, rb
                if chain is None:
                    continue
                data = read(u, d["srcbuf"], d["srcoff"], d["cnt"], at)
                for (x, _, _), (y, yb, yd) in zip(chain, chain[1:]):
                    deliver(x, y, yb, yd, data)
                for x, xb, _ in chain[1:]:
                    finish(x, xb)
            finish(u, b)
            progress = True
    need(not any(fifo.values()), "a send was never received")
    stuck = [(u, b, step(u, b)["s"]) for u in G for b in G[u]["tbs"] if step(u, b) is not None]
    need(not stuck, f"the steps stop (deadlock or a send without its receive) at "
                    f"{len(stuck)} threadblocks, first gpu {stuck[0][0] if stuck else ''} tb "
                    f"{stuck[0][1] if stuck else ''} step {stuck[0][2] if stuck else ''}")
    for u in G:
        for k in range(N):
            want = (k // block, k % block) if ag else (sources[0], k)
            got = mem[u].get(("o", k))
            need(got == want, f"gpu {u} ends with {got} at o[{k}], not {want}")
    return sources, block, travel


def happens_before(algo, G):
    """Every step that reads data (a send, a copy) comes after the step that wrote it there in
    every run: the steps ordered by their threadblock, their dependencies and each send before
    its receive must reach the reader from the writer. A cycle in that order is a deadlock."""
    nodes = [(u, b, k) for u in G for b in G[u]["tbs"] for k in range(len(G[u]["tbs"][b]["steps"]))]
    index = {x: i for i, x in enumerate(nodes)}
    succ = [[] for _ in nodes]
    for u, b, k in nodes:
        d = G[u]["tbs"][b]["steps"][k]
        if k > 0:
            succ[index[u, b, k - 1]].append(index[u, b, k])
        if d["depid"] >= 0:
            succ[index[u, d["depid"], d["deps"]]].append(index[u, b, k])
    for u, g in G.items():  # the k-th send of a connection before its k-th receive
        for (chan, v), b in g["send_of"].items():
            rb = G[v]["recv_of"][chan, u]
            sends = [k for k, d in enumerate(g["tbs"][b]["steps"]) if d["type"] in SENDS]
            recvs = [k for k, d in enumerate(G[v]["tbs"][rb]["steps"]) if d["type"] in RECVS]
            for ks, kr in zip(sends, recvs):
                succ[index[u, b, ks]].append(index[v, rb, kr])
    indeg = [0] * len(nodes)
    for out in succ:
        for j in out:
            indeg[j] += 1
    order = [i for i in range(len(nodes)) if indeg[i] == 0]
    for i in order:
        for j in succ[i]:
            indeg[j] -= 1
            if indeg[j] == 0:
                order.append(j)
    need(len(order) == len(nodes), f"the steps wait for each other in a cycle (deadlock): "
                                   f"{len(nodes) - len(order)} steps never run")
    before = [0] * len(nodes)  # bit j set: step j happens before (or is) step i
    for i in order:
        before[i] |= 1 << i
        for j in succ[i]:
            before[j] |= before[i]
    writer = {}
    for i, (u, b, k) in enumerate(nodes):
        d = G[u]["tbs"][b]["steps"][k]
        if d["type"] != "s":
            for c in range(d["cnt"]):
                writer[u, d["dstbuf"], d["dstoff"] + c] = i
    for i, (u, b, k) in enumerate(nodes):
        d = G[u]["tbs"][b]["steps"][k]
        if d["type"] in ("s", "cpy"):
            for c in range(d["cnt"]):
                w = writer.get((u, d["srcbuf"], d["srcoff"] + c))
                if w is not None and not before[i] >> w & 1:
                    raise Bad(f"gpu {u} tb {b} step {k} sends {d['srcbuf']}[{d['srcoff'] + c}], "
                              f"which gpu {u} tb {nodes[w][1]} step {nodes[w][2]} writes, "
                              f"without waiting for it")


def against_schedule(path, algo, sources, block, travel):
    doc = json.load(open(path))
    compute = doc["compute"]
    rank = {lab: i for i, lab in enumerate(compute)}
    need(len(compute) == algo["ngpus"], f"{len(compute)} compute nodes, ngpus {algo['ngpus']}")
    arcs = [(rank[a["from"]], rank[a["to"]]) for a in doc["arcs"]]
    shapes = defaultdict(int)  # (root rank, frozenset of (parent, child)) -> weight
    total = defaultdict(int)
    for t in doc["trees"]:
        r = rank[t["root"]]
        shapes[r, frozenset(arcs[a] for a in t["arc"] if a >= 0)] += t["weight"]
        total[r] += t["weight"]
    count = defaultdict(int)
    for src in sources:
        for k in range(block):
            shape = frozenset(travel[src, k])
            need(len(shape) == len(travel[src, k]), f"chunk {k} of {src} crosses an arc twice")
            need((src, shape) in shapes,
                 f"chunk {k} of rank {src} travels {sorted(shape)}, none of the trees of {src}")
            count[src, shape] += 1
    for (r, shape), w in shapes.items():
        if r in sources:
            need(count[r, shape] * total[r] == w * block,
                 f"a tree of rank {r} of weight {w}/{total[r]} carries {count[r, shape]} of "
                 f"{block} chunks")
    return len(shapes)


def main(argv):
    args = argv[1:]
    want_gpus, schedule, path, orders = None, None, None, 4
    while args:
        a = args.pop(0)
        if a == "--orders":
            orders = max(1, int(args.pop(0)))
        elif a == "--gpus":
            want_gpus = int(args.pop(0))
        elif a == "--schedule":
            schedule = args.pop(0)
        elif path is None:
            path = a
        else:
            print(__doc__, file=sys.stderr)
            return 2
    if path is None:
        print(__doc__, file=sys.stderr)
        return 2
    text = sys.stdin.read() if path == "-" else open(path).read()
    try:
        algo, G = parse(text, want_gpus)
        pairs = connections(algo, G)
        happens_before(algo, G)
        for order in range(orders):
            for eager in (True, False):
                sources, block, travel = run(algo, G, order, eager)
        trees = against_schedule(schedule, algo, sources, block, travel) if schedule else None
    except (Bad, ET.ParseError) as e:
        print(f"FAIL: {e}")
        return 1
    steps = sum(len(tb["steps"]) for g in G.values() for tb in g["tbs"].values())
    tbs = sum(len(g["tbs"]) for g in G.values())
    print(f"ok: {algo['coll']} on {algo['ngpus']} gpus, {algo['nchunksperloop']} chunks per loop, "
          f"{algo['nchannels']} channel{'s' if algo['nchannels'] > 1 else ''}, {tbs} threadblocks, "
          f"{steps} steps, {len(pairs)} sending pairs; every gpu ends with every chunk once"
          + (f"; chunks split over {trees} distinct trees by weight" if trees else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
