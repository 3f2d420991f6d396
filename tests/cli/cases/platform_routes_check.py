"""Check a `treecast platform --routes` document against the schedule it was made from.

usage: python3 platform_routes_check.py TREES.json PLATFORM.xml

TREES.json is `treecast trees --kind optimal --format json` of the same network and collective;
the labels, the nodes and the edges are read from the platform. Prints one line: the zone's routing, whether every ordered pair of hosts has exactly one route
(one way) and no router has any, whether every pair that an arc of the trees joins (over one
route) takes exactly the links of that route, each edge's half in its direction, and whether
every other pair takes a path of the least number of links. Independent of which routes the
schedule picks, so the golden line holds while the construction changes.
"""
import collections
import json
import re
import sys

doc = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
ident = {}  # label -> node id, from the platform: hosts nI (property), routers sI (comment)
for m in re.finditer(r'<host id="n(\d+)"[^>]*><prop id="label" value="([^"]*)"/>', text):
    ident[m.group(2)] = int(m.group(1))
for m in re.finditer(r'<router id="s(\d+)"/><!-- label (\S+) -->', text):
    ident[m.group(2)] = int(m.group(1))
hosts = sorted(int(v) for v in re.findall(r'<host id="n(\d+)"', text))
adj = collections.defaultdict(set)
one_way = set()  # edges whose directions are two links, lU_V_UP and lU_V_DOWN
for m in re.finditer(r'<link id="l(\d+)_(\d+)(_UP|_DOWN)?"', text):
    u, v = int(m.group(1)), int(m.group(2))
    adj[u].add(v)
    adj[v].add(u)
    if m.group(3):
        one_way.add((u, v))

zone = re.search(r'<zone id="treecast" routing="(\w+)">', text).group(1)
routes = collections.Counter()
links = {}
for m in re.finditer(r'<route src="(\w+)" dst="(\w+)" symmetrical="(\w+)">(.*?)</route>', text):
    src, dst, sym, body = m.groups()
    routes[(src, dst, sym)] += 1
    links[(src, dst)] = re.findall(r'<link_ctn id="(\w+)"(?: direction="(\w+)")?/>', body)
want = {("n%d" % i, "n%d" % j, "NO") for i in hosts for j in hosts if i != j}
every_pair = set(routes) == want and set(routes.values()) == {1}


def expected(walk):
    out = []
    for x, y in zip(walk, walk[1:]):
        lo, hi, way = min(x, y), max(x, y), "UP" if x < y else "DOWN"
        if (lo, hi) in one_way:
            out.append(("l%d_%d_%s" % (lo, hi, way), ""))
        else:
            out.append(("l%d_%d" % (lo, hi), way))
    return out


used = set()
for t in doc["trees"]:
    used.update(a for a in t["arc"] if a >= 0)
by_pair = collections.defaultdict(set)
for a in used:
    arc = doc["arcs"][a]
    walk = tuple(ident[x] for x in [arc["from"]] + arc["via"] + [arc["to"]])
    by_pair[(walk[0], walk[-1])].add(walk)
arcs_ok = all(
    links[("n%d" % u, "n%d" % v)] == expected(next(iter(w)))
    for (u, v), w in by_pair.items()
    if len(w) == 1
)


def hops(src):
    dist = {src: 0}
    queue = collections.deque([src])
    while queue:
        x = queue.popleft()
        for y in adj[x]:
            if y not in dist:
                dist[y] = dist[x] + 1
                queue.append(y)
    return dist


shortest_ok = True
for i in hosts:
    dist = hops(i)
    for j in hosts:
        if i != j and (i, j) not in by_pair:
            shortest_ok &= len(links[("n%d" % i, "n%d" % j)]) == dist[j]
print(zone, "every pair once:", every_pair, "arcs over their routes:", arcs_ok,
      "others shortest:", shortest_ok, "routes:", sum(routes.values()))
