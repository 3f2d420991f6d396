"""Draw the EDTs of S_4 and the rounds-against-M curve of a broadcast, into one PNG.

Left: the n - 1 = 3 edge-disjoint spanning trees of the star graph S_4 (paper 000, Definition 8:
EDT_{I_4}), each drawn from ``Forest.to_networkx`` with networkx, rooted at the identity 1234.
Right: the rounds of a broadcast of M messages over the EDTs of S_n (``treecast.sim.run("bcast",
...)``, the round engine) against M, beside paper 000's lower bound (Table 1).

usage: python3 edts_and_rounds.py [OUT.png]   (default edts_and_rounds.png)
"""

import sys

import matplotlib

matplotlib.use("Agg")  # no display: write the file
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402

import treecast  # noqa: E402
import treecast.sim  # noqa: E402


def layered(tree, root):
    """Positions of a tree drawn top-down: depth on y, leaves spread on x."""
    depth = nx.single_source_shortest_path_length(tree, root)
    order = list(nx.dfs_preorder_nodes(tree, root))
    levels = {}
    for v in order:
        levels.setdefault(depth[v], []).append(v)
    pos = {}
    for d, nodes in levels.items():
        for i, v in enumerate(nodes):
            pos[v] = ((i + 1) / (len(nodes) + 1), -d)
    return pos


def main(out="edts_and_rounds.png", n=4, curve_net="star:5", Ms=range(1, 41, 3)):
    net = treecast.Network("star:%d" % n)
    forest = net.trees("edt")
    fig, axes = plt.subplots(1, forest.count + 1, figsize=(5 * (forest.count + 1), 6))
    for t in range(forest.count):
        g = forest.to_networkx(t, "down")
        root = forest.tree_root(t)
        nx.draw_networkx(g, pos=layered(g, root), ax=axes[t], node_size=260, font_size=6,
                         labels={v: g.nodes[v]["label"] for v in g.nodes}, arrows=False,
                         node_color="#cfe2f3")
        axes[t].set_title("EDT tree %d of %s (l = %d)" % (t, net.name, forest.label(t)))
        axes[t].axis("off")
    rounds, bound = [], []
    for M in Ms:
        r = treecast.sim.run("bcast", curve_net, M=M, per_round=False)
        rounds.append(r["rounds"])
        bound.append(r["bound"]["time"] if r["bound"] else float("nan"))
    ax = axes[-1]
    ax.plot(list(Ms), rounds, "o-", label="bcast over the EDTs (round engine)")
    ax.plot(list(Ms), bound, "--", label="paper 000, Table 1 (lower bound)")
    ax.set_xlabel("M (messages)")
    ax.set_ylabel("rounds")
    ax.set_title("Broadcast on %s" % treecast.Network(curve_net).name)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=80)
    plt.close(fig)
    return out


if __name__ == "__main__":
    print(main(*sys.argv[1:2]))
